import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { assertPasswordNotCommon, isCommonPassword } from './common-passwords';

const root = join(import.meta.dirname, '..', '..');

describe('the common-password list', () => {
  it('holds the top 10,000, one per line', () => {
    const lines = readFileSync(join(import.meta.dirname, 'data/common-passwords-top-10000.txt'), 'utf8')
      .split('\n')
      .filter(Boolean);
    expect(lines).toHaveLength(10_000);
    expect(lines.every((line) => line === line.trim())).toBe(true);
  });

  it('matches regardless of letter case', () => {
    for (const password of ['password', 'PASSWORD', 'Qwerty123', 'iloveyou', 'Trustno1', '123456']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets uncommon passwords through', () => {
    for (const password of ['correct horse battery', 'plum tree 7', 'Ünïcödé-pässwört']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('refuses a common password as a field error of the given field', () => {
    expect(() => assertPasswordNotCommon('letmein', 'newPassword')).toThrowError(ApiError);
    try {
      assertPasswordNotCommon('letmein', 'newPassword');
    } catch (err) {
      expect((err as ApiError).code).toBe('validation_failed');
      expect((err as ApiError).fields).toEqual([
        { path: 'newPassword', key: 'validation.passwordTooCommon' },
      ]);
    }
    expect(() => assertPasswordNotCommon('plum tree 7', 'newPassword')).not.toThrow();
  });

  it('is never imported by browser code', () => {
    const offenders: string[] = [];
    for (const dir of ['host', 'shared', 'embed', 'remotes']) {
      for (const file of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
        if (!/\.tsx?$/.test(file) || file.includes('node_modules')) continue;
        if (readFileSync(join(root, dir, file), 'utf8').includes('common-passwords')) offenders.push(file);
      }
    }
    expect(offenders).toEqual([]);
  });
});
