import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The Scope all the way down: every tenant condition in `api/services` goes through the helpers of
 * `api/auth/scope.ts` (`tenant`, `ownedBy`), never a hand-written `provider_id = ${…}`, so no query can
 * compare the tenant column with the wrong value or forget the client half of a client's scope. Work that
 * runs without a request names its provider with `actingFor(id)`, only where listed below with its reason.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const SERVICES = join(ROOT, 'api', 'services');

/** Files that may still hold a raw condition, each with why (the list shrinks, it never grows). */
const RAW_ALLOWED: Record<string, string> = {};

/** Files that act for a provider without a request (`actingFor`), each with why. */
const ACTING_FOR_ALLOWED: Record<string, string> = {
  'api/services/activity/record-activity.ts':
    'the one activity writer: services pass their scope’s provider, jobs (the overdue sweep) the provider of the row they change',
  'api/services/messages/digest.ts':
    'the message digest job, for the provider of the project its payload names',
  'api/services/files/previews.ts': 'the preview job, for the provider of the file version its payload names',
  'api/services/invoices/overdue.ts': 'the overdue sweep job, for the provider of each invoice it marks',
  'api/services/reminders/sweep.ts':
    'the payment reminders job, for the provider of each invoice it reminds (or the one its payload names)',
  'api/services/recurring/run-recurring.ts':
    'the recurring invoices job, for the provider of the schedule its payload names',
  'api/services/booking/reminders.ts':
    'the booking reminders job, for the provider of each booking it claimed',
  'api/services/calendar/feed.ts':
    'the public iCalendar feed: the provider is the one whose feed token (its SHA-256) the request names',
  'api/services/files/direct-rows.ts':
    'files written without a request: the first start’s demo data and tests',
};

const RAW_CONDITIONS: [RegExp, string][] = [
  [/\bprovider_id\s*=\s*\$\{/, 'provider_id = <value>'],
  [/\$\{[^}]*\}\s*=\s*[\w.]*provider_id\b/, '<value> = provider_id'],
  [/=\s*\$\{\s*scope\.(providerId|clientId)\s*\}/, '<column> = scope.providerId or scope.clientId'],
];

function sources(): { path: string; lines: string[] }[] {
  return (
    (readdirSync(SERVICES, { recursive: true }) as string[])
      // Tests and their worlds (`testing.ts`) write rows as a test sets them up; they serve no request.
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('testing.ts'))
      .map((name) => {
        const path = relative(ROOT, join(SERVICES, name));
        // Comments may quote the forbidden form; code may not.
        const lines = readFileSync(join(SERVICES, name), 'utf8')
          .split('\n')
          .map((line) => (/^\s*(\*|\/\/|\/\*)/.test(line) ? '' : line));
        return { path, lines };
      })
  );
}

function rawConditions(file: { path: string; lines: string[] }): string[] {
  return file.lines.flatMap((line, i) =>
    RAW_CONDITIONS.filter(([pattern]) => pattern.test(line)).map(
      ([, form]) => `${file.path}:${i + 1} ${form}: ${line.trim()}`,
    ),
  );
}

describe('tenant conditions in api/services', () => {
  it('go through the Scope helpers, never a raw provider_id condition', () => {
    const found = sources()
      .filter((file) => !(file.path in RAW_ALLOWED))
      .flatMap(rawConditions);
    expect(found, 'use tenant(sql, scope, …) or ownedBy(sql, scope, column) from api/auth/scope.ts').toEqual(
      [],
    );
  });

  it('act for a provider without a request only where listed, with a reason', () => {
    const found = sources()
      .filter((file) => !(file.path in ACTING_FOR_ALLOWED))
      .filter((file) => file.lines.some((line) => /\bactingFor\(/.test(line)))
      .map((file) => file.path);
    expect(found, 'work inside a request takes the request’s scope; list a job here with its reason').toEqual(
      [],
    );
  });

  it('lists no file that no longer needs it', () => {
    const files = new Map(sources().map((file) => [file.path, file]));
    const stale = [
      ...Object.keys(RAW_ALLOWED).filter((path) => {
        const file = files.get(path);
        return !file || rawConditions(file).length === 0;
      }),
      ...Object.keys(ACTING_FOR_ALLOWED).filter(
        (path) => !files.get(path)?.lines.some((line) => /\bactingFor\(/.test(line)),
      ),
    ];
    expect(stale, 'remove these from the allow-lists').toEqual([]);
  });
});
