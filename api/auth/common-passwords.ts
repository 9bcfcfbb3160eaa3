import { readFileSync } from 'node:fs';
import { ApiError } from '../http/errors';

/** The vendored top-10,000 list (source and licence: `data/README.md`). Server-only: never bundled. */
const LIST_URL = new URL('./data/common-passwords-top-10000.txt', import.meta.url);

let common: Set<string> | undefined;

/**
 * The list as a lower-cased Set, read on first use (about 80 KB, once per process), so a process that
 * never sets a password never reads it.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    common = new Set(
      readFileSync(LIST_URL, 'utf8')
        .split('\n')
        .map((line) => line.trim().toLowerCase())
        .filter(Boolean),
    );
  }
  return common;
}

/**
 * Whether a password is one of the 10,000 most common ones, ignoring letter case ("Password1" is as easy
 * to guess as "password1": guessing tools try both).
 * @example isCommonPassword('Qwerty123') // true
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * Refuses a new password from the list with 422 `validation_failed` on `field`
 * (`validation.passwordTooCommon`), like a contract rule would: every place that sets a password calls it
 * after the contract's own checks (at least 6 characters, spec §5) and before any other work.
 * @example assertPasswordNotCommon(input.newPassword, 'newPassword')
 */
export function assertPasswordNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new ApiError('validation_failed', {
      fields: [{ path: field, key: 'validation.passwordTooCommon' }],
    });
  }
}
