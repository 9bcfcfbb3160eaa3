import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** A contract issue's message as the form shows it: its i18n key translated, else the generic text. */
function messageOf(issue: z.core.$ZodIssue, t: TFunction): string {
  return issue.message.startsWith('validation.') ? t(issue.message) : t('validation.invalid');
}

/**
 * Validates form values with a shared contract schema. Contract messages are i18n keys
 * (`validation.passwordTooShort`), so they are translated here; the first issue per field wins.
 */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  t: TFunction,
): { ok: true; data: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (errors[field]) continue;
    errors[field] = messageOf(issue, t);
  }
  return { ok: false, errors };
}

/**
 * The errors after the user edited `field`: a message shown for it follows the edit (gone as soon as the
 * value is valid, the current problem while it is not); a field without a message gets none while it is
 * being typed (it is checked on submit, not nagged about on the first keystroke). Other fields keep theirs.
 *
 * @example setErrors((e) => revalidateField(PortalCreateInput, next, 'portalName', e, t))
 */
export function revalidateField<S extends z.ZodType>(
  schema: S,
  values: unknown,
  field: string,
  errors: Record<string, string>,
  t: TFunction,
): Record<string, string> {
  if (!errors[field]) return errors;
  const result = schema.safeParse(values);
  const issue = result.success ? undefined : result.error.issues.find((i) => String(i.path[0]) === field);
  const { [field]: _, ...rest } = errors;
  return issue ? { ...rest, [field]: messageOf(issue, t) } : rest;
}
