import {
  type Invoice,
  InvoiceCreate,
  type InvoiceLineInput,
  InvoiceUpdate,
} from '../../shared/contracts/invoices';
import {
  computeTotals,
  type InvoiceTotals,
  parseAmount,
  parseQuantity,
  parseTaxRate,
} from '../../shared/contracts/money';
import { formatLanguage } from '../../shared/format/locale';
import { amountText, quantityText, rateText } from './format';

/**
 * The invoice editor's state as the user types it (texts), and what it becomes: integer minor units,
 * thousandths and basis points parsed by `shared/contracts/money.ts` in the interface language, totals by
 * its `computeTotals`, the body checked by the same zod contract the API uses. Pure, so it is tested alone.
 */

export type LineDraft = {
  key: string;
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
};

export type EditorForm = {
  clientId: string;
  projectId: string;
  currency: 'EUR' | 'USD';
  language: 'en' | 'de';
  description: string;
  dueDate: string;
  lines: LineDraft[];
};

/** Field errors by path (`clientId`, `lines`, `lines.0.unitPriceCents`, …): i18n keys or server texts. */
export type FieldErrors = Record<string, string>;

let counter = 0;
/** A stable key for a new line (React keys survive reordering). */
export const newLineKey = () => `line-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export const emptyLine = (taxRate = ''): LineDraft => ({
  key: newLineKey(),
  description: '',
  quantity: '1',
  unitPrice: '',
  taxRate,
});

/**
 * German notation for quantities and rates: "." groups thousands, "," is the decimal separator (the money
 * helpers read these in English notation, amounts in either).
 */
const fromGerman = (input: string) => input.replace(/\./g, '').replace(',', '.');

/** A typed quantity in thousandths; null when it is not a number with at most three decimals. */
export function readQuantity(input: string, lang: string): number | null {
  return parseQuantity(formatLanguage(lang) === 'de' ? fromGerman(input) : input);
}

/** A typed unit price in cents; null when it is not an amount with at most two decimals. */
export function readAmount(input: string, lang: string): number | null {
  return parseAmount(input, formatLanguage(lang));
}

/** A typed tax rate in basis points: null for none (empty), NaN when it is not a rate. */
export function readTaxRate(input: string, lang: string): number | null {
  if (!input.trim()) return null;
  return parseTaxRate(formatLanguage(lang) === 'de' ? fromGerman(input) : input) ?? Number.NaN;
}

/** A line as the contract wants it; what does not parse is NaN, which the contract refuses with its own message. */
export function lineInput(line: LineDraft, lang: string): InvoiceLineInput {
  return {
    description: line.description,
    quantityMilli: readQuantity(line.quantity, lang) ?? Number.NaN,
    unitPriceCents: readAmount(line.unitPrice, lang) ?? Number.NaN,
    taxRateBp: readTaxRate(line.taxRate, lang),
  };
}

/** The totals as typed so far: a line whose numbers do not parse yet counts as nothing. */
export function liveTotals(lines: readonly LineDraft[], lang: string): InvoiceTotals {
  return computeTotals(
    lines.map((line) => {
      const input = lineInput(line, lang);
      const ok = (n: number | null) => n !== null && Number.isFinite(n);
      const valid = ok(input.quantityMilli) && ok(input.unitPriceCents);
      return {
        quantityMilli: valid ? input.quantityMilli : 0,
        unitPriceCents: valid ? input.unitPriceCents : 0,
        taxRateBp: ok(input.taxRateBp) ? input.taxRateBp : null,
      };
    }),
  );
}

/** The request body from the form: a draft's every field (the API replaces the lines as a whole). */
export function formBody(form: EditorForm, lang: string) {
  return {
    clientId: form.clientId,
    projectId: form.projectId || null,
    currency: form.currency,
    language: form.language,
    description: form.description.trim() ? form.description : null,
    dueDate: form.dueDate || null,
    lines: form.lines.map((line) => lineInput(line, lang)),
  };
}

/** The contract's issues as field errors (the first per path), their messages being i18n keys. */
function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || 'form';
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * Checks the form with the API's own contract (`InvoiceCreate` for a new draft, `InvoiceUpdate` for a
 * change): the body to send, or the errors by field.
 */
export function validateForm(
  form: EditorForm,
  lang: string,
  mode: 'create' | 'update',
): { ok: true; body: ReturnType<typeof formBody> } | { ok: false; errors: FieldErrors } {
  const body = formBody(form, lang);
  const result = (mode === 'create' ? InvoiceCreate : InvoiceUpdate).safeParse(body);
  if (!result.success) {
    const errors = issuesToErrors(result.error.issues);
    // An empty quantity or price asks for one rather than calling it malformed.
    form.lines.forEach((line, index) => {
      const quantity = `lines.${index}.quantityMilli`;
      const price = `lines.${index}.unitPriceCents`;
      if (errors[quantity] && !line.quantity.trim()) errors[quantity] = 'validation.quantityRequired';
      if (errors[price] && !line.unitPrice.trim()) errors[price] = 'validation.unitPriceRequired';
    });
    return { ok: false, errors };
  }
  return { ok: true, body };
}

/** The server's refusals by field (422 `fields`: path and its translated message). */
export function serverErrors(fields: readonly { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) errors[field.path || 'form'] ??= field.message;
  return errors;
}

/** A saved draft as the editor's texts, in the interface language. */
export function formFromInvoice(invoice: Invoice, lang: string): EditorForm {
  return {
    clientId: invoice.client.id,
    projectId: invoice.project?.id ?? '',
    currency: invoice.currency,
    language: invoice.language,
    description: invoice.description ?? '',
    dueDate: invoice.dueDate ?? '',
    lines: invoice.lines.map((line) => ({
      key: newLineKey(),
      description: line.description,
      quantity: quantityText(line.quantityMilli, lang),
      unitPrice: amountText(line.unitPriceCents, lang),
      taxRate: line.taxRateBp === null ? '' : rateText(line.taxRateBp, lang),
    })),
  };
}

/** Moves the line at `index` by `delta` (−1 up, +1 down); unchanged at the ends. */
export function moveLine(lines: readonly LineDraft[], index: number, delta: -1 | 1): LineDraft[] {
  const target = index + delta;
  if (target < 0 || target >= lines.length) return [...lines];
  const next = [...lines];
  const [line] = next.splice(index, 1);
  if (line) next.splice(target, 0, line);
  return next;
}
