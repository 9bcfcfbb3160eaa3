import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/cli/openapi-document';

/*
 * The OpenAPI document as production serves it (an https address) through two outside linters, offline:
 * Spectral with `spectral:oas` and the OWASP API ruleset (`.spectral.yaml`, where every rule switched off
 * says why) and Redocly's `recommended` (`redocly.yaml`). Any error fails; warnings are printed.
 */

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(buildOpenApiDocument('https://portal.clientportal.dev'), null, 2));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// No update checks, telemetry or remote rulesets: the linters read only local files.
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_COLOR: '1',
};

async function output(command: string, args: string[]) {
  try {
    return (
      await run(join(root, 'node_modules/.bin', command), args, { cwd: root, env, maxBuffer: 64 << 20 })
    ).stdout;
  } catch (err) {
    // Both exit non-zero when they find errors; the report is still on stdout.
    const stdout = (err as { stdout?: string }).stdout;
    if (stdout) return stdout;
    throw err;
  }
}

describe('the OpenAPI document passes the linters', () => {
  it('Spectral (spectral:oas + OWASP API ruleset): no errors', async () => {
    const results = JSON.parse(
      await output('spectral', ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet']),
    ) as { code: string; severity: number; path: string[]; message: string }[];
    const errors = results.filter((r) => r.severity === 0);
    const warnings = results.filter((r) => r.severity === 1);
    console.log(`spectral: ${errors.length} errors, ${warnings.length} warnings`);
    expect(errors.map((e) => `${e.code} ${e.path.join('/')}: ${e.message}`)).toEqual([]);
  }, 180_000);

  it('Redocly (recommended): no errors', async () => {
    const report = JSON.parse(
      await output('redocly', ['lint', file, '--config', 'redocly.yaml', '--format', 'json']),
    ) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    console.log(`redocly: ${report.totals.errors} errors, ${report.totals.warnings} warnings`);
    expect(report.totals.errors, JSON.stringify(report.problems.slice(0, 10))).toBe(0);
  }, 120_000);
});
