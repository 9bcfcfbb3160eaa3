import type { z } from 'zod';
import {
  type Invoice,
  InvoiceCreate,
  type InvoiceLineInput,
  type InvoiceSettings,
  InvoiceUpdate,
} from '../../shared/contracts/invoices';
import {
  type InvoiceTaxMode,
  type InvoiceUnit,
  type PreSendProblem,
  preSendProblems,
  type VatCategory,
} from '../../shared/contracts/legal';
import {
  computeTotals,
  type InvoiceTotals,
  parseAmount,
  parseQuantity,
  parseTaxRate,
} from '../../shared/contracts/money';
import { formatLanguage } from '../../shared/format/locale';
import type { ClientOption } from './api';
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
  unit: InvoiceUnit;
  /** '' : derived (standard with a rate; to be chosen without). */
  vatCategory: VatCategory | '';
  exemptionReason: string;
};

export type EditorForm = {
  clientId: string;
  projectId: string;
  currency: 'EUR' | 'USD';
  language: 'en' | 'de';
  description: string;
  dueDate: string;
  /** A day of supply, or a period of service (from–to). */
  supplyKind: 'day' | 'period';
  supplyDate: string;
  supplyFrom: string;
  supplyTo: string;
  /** Only used when the settings say `per_invoice`: '' not chosen yet. */
  taxMode: InvoiceTaxMode | '';
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
  unit: 'hour',
  vatCategory: '',
  exemptionReason: '',
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
export function lineInput(line: LineDraft, lang: string): z.output<typeof InvoiceLineInput> {
  return {
    description: line.description,
    quantityMilli: readQuantity(line.quantity, lang) ?? Number.NaN,
    unitPriceCents: readAmount(line.unitPrice, lang) ?? Number.NaN,
    taxRateBp: readTaxRate(line.taxRate, lang),
    unit: line.unit,
    vatCategory: line.vatCategory || null,
    exemptionReason:
      line.vatCategory === 'exempt' && line.exemptionReason.trim() ? line.exemptionReason : null,
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
    supplyDate: form.supplyKind === 'day' ? form.supplyDate || null : null,
    supplyFrom: form.supplyKind === 'period' ? form.supplyFrom || null : null,
    supplyTo: form.supplyKind === 'period' ? form.supplyTo || null : null,
    taxMode: form.taxMode || null,
    lines: form.lines.map((line) => lineInput(line, lang)),
  };
}

/** What the editor knows of the provider and the client for the pre-send check. */
export type LegalContext = {
  settings: InvoiceSettings | null;
  client: ClientOption | null;
};

/**
 * What § 14 (4) UStG still misses before this draft can be sent (`preSendProblems`, the same check the
 * server runs on Send), from the form as typed and the provider's and client's details.
 */
export function formProblems(form: EditorForm, lang: string, context: LegalContext): PreSendProblem[] {
  const s = context.settings;
  const c = context.client;
  const mode = s ? (s.taxMode === 'per_invoice' ? form.taxMode || null : s.taxMode) : 'standard';
  const body = formBody(form, lang);
  return preSendProblems({
    taxMode: mode,
    seller: {
      name: s?.legalName ?? 'profile',
      street: s?.street ?? null,
      postcode: s?.postcode ?? null,
      city: s?.city ?? null,
      country: s?.country ?? null,
      taxNumber: s?.taxNumber ?? null,
      vatId: s?.vatId ?? null,
    },
    buyer: {
      name: c ? c.company || c.name : null,
      street: c?.billingStreet ?? null,
      postcode: c?.billingPostcode ?? null,
      city: c?.billingCity ?? null,
      country: c?.billingCountry ?? null,
      vatId: c?.vatId ?? null,
    },
    supplyDate: body.supplyDate,
    supplyFrom: body.supplyFrom,
    supplyTo: body.supplyTo,
    lines: body.lines.map((line) => ({
      ...line,
      quantityMilli: Number.isFinite(line.quantityMilli) ? line.quantityMilli : 0,
      taxRateBp: line.taxRateBp !== null && Number.isFinite(line.taxRateBp) ? line.taxRateBp : null,
    })),
  });
}

/** Turns every line into reverse charge (0 %, AE) for an EU business client abroad. */
export const toReverseCharge = (lines: readonly LineDraft[]): LineDraft[] =>
  lines.map((line) => ({ ...line, taxRate: '', vatCategory: 'reverse_charge', exemptionReason: '' }));

/** The contract's issues as field errors (the first per path), their messages being i18n keys. */
export function issuesToErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
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
    supplyKind: invoice.legal.supplyFrom || invoice.legal.supplyTo ? 'period' : 'day',
    supplyDate: invoice.legal.supplyDate ?? '',
    supplyFrom: invoice.legal.supplyFrom ?? '',
    supplyTo: invoice.legal.supplyTo ?? '',
    taxMode: invoice.legal.taxMode ?? '',
    lines: invoice.lines.map((line) => ({
      key: newLineKey(),
      description: line.description,
      quantity: quantityText(line.quantityMilli, lang),
      unitPrice: amountText(line.unitPriceCents, lang),
      taxRate: line.taxRateBp === null ? '' : rateText(line.taxRateBp, lang),
      unit: line.unit,
      vatCategory: line.vatCategory ?? '',
      exemptionReason: line.exemptionReason ?? '',
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
