/**
 * The body encoding the Stripe SDK sends (`application/x-www-form-urlencoded` with bracketed keys, as `qs`
 * writes them: `metadata[invoice_id]=…`, `line_items[0][price_data][currency]=eur`), decoded into nested
 * objects and arrays. Values stay strings, as Stripe receives them.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = splitKey(key);
    let node: FormObject | FormValue[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[index + 1] ?? '');
      const container = node as Record<string, FormValue>;
      const slot = part === '' && Array.isArray(node) ? String(node.length) : part;
      if (last) {
        container[slot] = value;
        return;
      }
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as FormObject | FormValue[];
    });
  }
  return root;
}

function splitKey(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1] ?? '');
  return parts;
}

/** A string field of a decoded body (undefined when absent or not a string). */
export const str = (value: FormValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** An integer field; throws (a 400 from the stand-in) when present but not an integer. */
export function int(value: FormValue | undefined, name: string): number | undefined {
  const s = str(value);
  if (s === undefined) return undefined;
  if (!/^-?\d+$/.test(s))
    throw new StandInError(400, 'invalid_request_error', `Invalid integer: ${name}`, name);
  return Number(s);
}

export const bool = (value: FormValue | undefined): boolean | undefined =>
  str(value) === undefined ? undefined : str(value) === 'true';

/** A flat string map (`metadata[...]`). */
export function stringMap(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
  );
}

export const list = (value: FormValue | undefined): FormValue[] =>
  Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];

export const obj = (value: FormValue | undefined): FormObject =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** An error the stand-in answers the way Stripe does: `{ error: { type, message, param?, code? } }`. */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
    /** More fields of Stripe's error object (`decline_code`, `payment_intent`…). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}
