import type { TFunction } from 'i18next';
import type { z } from 'zod';

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
    errors[field] = issue.message.startsWith('validation.') ? t(issue.message) : t('validation.invalid');
  }
  return { ok: false, errors };
}
