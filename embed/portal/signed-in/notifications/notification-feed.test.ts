import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../../shared/contracts/activity';
import {
  badgeText,
  clientShouldToast,
  notificationTarget,
  SeenItems,
  TOAST_MS,
  UNREAD_REFRESH_MS,
} from './notification-feed';

const project = { id: 'p1', name: 'Website', clientId: 'c1', clientName: 'Grace' };
let seq = 0;
function item(patch: Partial<ActivityItem> = {}): ActivityItem {
  seq += 1;
  return {
    id: `item-${seq}`,
    seq,
    type: 'message',
    title: `Item ${seq}`,
    description: null,
    createdAt: new Date(2026, 0, 1, 12, seq).toISOString(),
    read: false,
    senderType: 'provider',
    project,
    ...patch,
  };
}

const paths = {
  messages: (id: string) => `/messages?project=${id}`,
  files: '/files',
  invoices: '/invoices',
  project: (id: string) => `/projects/${id}`,
  file: (id: string) => `/files/${id}`,
  invoice: (id: string) => `/invoices/${id}`,
  bookings: '/bookings',
};

describe('the portal notification sheet (spec §2, §7–§9)', () => {
  it('toasts new items for 4 s unless the client read them or wrote the message', () => {
    expect(TOAST_MS).toBe(4000);
    expect(clientShouldToast(item())).toBe(true);
    expect(clientShouldToast(item({ read: true }))).toBe(false);
    expect(clientShouldToast(item({ senderType: 'client' }))).toBe(false);
    expect(clientShouldToast(item({ type: 'project_status', senderType: null }))).toBe(true);
    // Only messages are filtered by their sender: another item type from the client's side still toasts.
    expect(clientShouldToast(item({ type: 'file_approval', senderType: 'client' }))).toBe(true);
  });

  it('shows the unread count on the badge, 99+ above 99, nothing at 0, refreshed every 30 s', () => {
    expect(UNREAD_REFRESH_MS).toBe(30_000);
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(4321)).toBe('99+');
  });

  it('leads each type to its section', () => {
    expect(notificationTarget(item(), paths)).toBe('/messages?project=p1');
    expect(notificationTarget(item({ type: 'file_upload' }), paths)).toBe('/files');
    expect(notificationTarget(item({ type: 'file_approval' }), paths)).toBe('/files');
    const file = { id: 'f1', name: 'Logo.png', status: 'client_approved' } as const;
    expect(notificationTarget(item({ type: 'file_approval', file }), paths)).toBe('/files/f1');
    expect(notificationTarget(item({ type: 'invoice_created' }), paths)).toBe('/invoices');
    expect(notificationTarget(item({ type: 'invoice_status' }), paths)).toBe('/invoices');
    const invoice = { id: 'i1', number: 'INV-0001', status: 'paid' } as const;
    expect(notificationTarget(item({ type: 'invoice_status', invoice }), paths)).toBe('/invoices/i1');
    expect(notificationTarget(item({ type: 'project_updated' }), paths)).toBe('/projects/p1');
    expect(notificationTarget(item({ type: 'project_created' }), paths)).toBe('/projects/p1');
    expect(notificationTarget(item({ type: 'booking_cancelled' }), paths)).toBe('/bookings');
  });

  it('announces nothing from the first list, then only items not seen before', () => {
    const seen = new SeenItems();
    const first = [item(), item()];
    expect(seen.takeNew(first)).toEqual([]);
    const newer = item();
    expect(seen.takeNew([newer, ...first]).map((i) => i.id)).toEqual([newer.id]);
    expect(seen.takeNew([newer, ...first])).toEqual([]);
  });

  it('never announces a live item twice, nor again when a list brings it', () => {
    const seen = new SeenItems();
    seen.takeNew([]);
    const live = item();
    expect(seen.add(live)).toBe(true);
    expect(seen.add(live)).toBe(false);
    expect(seen.takeNew([live])).toEqual([]);
  });
});
