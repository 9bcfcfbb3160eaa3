import type { EInvoiceKind } from './generate';

/**
 * What an e-invoice of kind `kind` still needs and the invoice lacks, as field paths (`legal.missing.<path>`
 * names them): the countries of seller and buyer (EN 16931 BT-40, BT-55; the pre-send check makes every
 * invoice sent since issue 28 have them, one sent before may not) and, for XRechnung, the seller's phone
 * (BR-DE-6). Empty: the file can be made. ONE rule for the download (`file.ts`, 422 `einvoice_incomplete`)
 * and for the client's invoice view (`PortalInvoiceDetail.eInvoices`, which links only what can be made).
 */
export function eInvoiceMissing(
  parties: { sellerCountry: string | null; buyerCountry: string | null; phone: string | null },
  kind: EInvoiceKind,
): string[] {
  return [
    ...(parties.sellerCountry ? [] : ['seller.country']),
    ...(parties.buyerCountry ? [] : ['buyer.country']),
    ...(kind === 'xrechnung' && !parties.phone ? ['seller.phone'] : []),
  ];
}
