import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

const project = { id: 'p1', name: 'P', clientId: 'c', clientName: 'C' };

describe('notificationTarget', () => {
  it('leads each type to its dashboard section (spec §2)', () => {
    expect(notificationTarget({ type: 'message', project })).toBe('/dashboard/messages/p1');
    expect(notificationTarget({ type: 'file_upload', project })).toBe('/dashboard/files');
    expect(notificationTarget({ type: 'file_approval', project })).toBe('/dashboard/files');
    expect(notificationTarget({ type: 'invoice_created', project })).toBe('/dashboard/invoices');
    expect(notificationTarget({ type: 'invoice_status', project })).toBe('/dashboard/invoices');
    expect(notificationTarget({ type: 'project_status', project })).toBe('/dashboard/projects');
  });

  it('opens the file itself when a file notification names it', () => {
    const file = { id: 'f1', name: 'logo.png', status: 'client_approved' as const };
    expect(notificationTarget({ type: 'file_upload', project, file })).toBe('/dashboard/files/f1');
    expect(notificationTarget({ type: 'file_approval', project, file })).toBe('/dashboard/files/f1');
  });

  it('opens the invoice itself when an invoice notification names it', () => {
    const invoice = { id: 'i1', number: 'INV-0001', status: 'paid' as const };
    expect(notificationTarget({ type: 'invoice_status', project, invoice })).toBe('/dashboard/invoices/i1');
    expect(notificationTarget({ type: 'invoice_created', project: null, invoice })).toBe(
      '/dashboard/invoices/i1',
    );
  });

  it('opens the quote itself when a quote’s decision names it', () => {
    const quote = { id: 'q1', number: 'AN-0001', status: 'accepted' as const };
    expect(notificationTarget({ type: 'quote_status', project: null, quote })).toBe(
      '/dashboard/invoices/quotes/q1',
    );
    expect(notificationTarget({ type: 'quote_status', project: null })).toBe('/dashboard/invoices');
  });
});
