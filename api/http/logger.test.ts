import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('the JSON-lines logger', () => {
  it('writes one JSON object per line with the bound fields of its parents', () => {
    const lines: string[] = [];
    const log = createLogger('info', { service: 'api' }, (l) => lines.push(l)).child({ requestId: 'req_1' });
    log.info({ status: 200, path: '/api/x"y' }, 'request');
    log.debug({ hidden: true }, 'below the level');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      level: 'info',
      msg: 'request',
      service: 'api',
      requestId: 'req_1',
      status: 200,
      path: '/api/x"y',
    });
  });

  it('serialises errors with their message and stack', () => {
    const lines: string[] = [];
    createLogger('info', {}, (l) => lines.push(l)).error({ err: new Error('boom') }, 'failed');
    expect(JSON.parse(lines[0] as string).err).toMatchObject({ name: 'Error', message: 'boom' });
  });

  it('writes nothing when silent', () => {
    const lines: string[] = [];
    createLogger('silent', {}, (l) => lines.push(l)).error({}, 'x');
    expect(lines).toEqual([]);
  });
});
