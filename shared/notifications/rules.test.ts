import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '../contracts/activity';
import {
  arrivedSince,
  badgeText,
  groupNotifications,
  newestSeq,
  notificationSection,
  shouldToast,
} from './rules';

let seq = 0;
const item = (over: Partial<ActivityItem> = {}): ActivityItem => ({
  id: crypto.randomUUID(),
  seq: ++seq,
  type: 'project_updated',
  title: 'Title',
  description: null,
  createdAt: new Date().toISOString(),
  read: false,
  senderType: null,
  project: { id: 'p', name: 'P', clientId: 'c', clientName: 'C' },
  ...over,
});

describe('notification rules', () => {
  it('shows the badge from 1, and 99+ above 99', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('puts unread entries under New and at most 10 read ones under Earlier', () => {
    const unread = [item(), item()];
    const read = Array.from({ length: 15 }, () => item({ read: true }));
    const { fresh, earlier } = groupNotifications([...unread, ...read], 10);
    expect(fresh).toEqual(unread);
    expect(earlier).toEqual(read.slice(0, 10));
  });

  it('leads each type to its section (spec §2)', () => {
    expect(notificationSection('message')).toBe('messages');
    expect(notificationSection('file_upload')).toBe('files');
    expect(notificationSection('file_approval')).toBe('files');
    expect(notificationSection('invoice_created')).toBe('invoices');
    expect(notificationSection('invoice_status')).toBe('invoices');
    expect(notificationSection('project_status')).toBe('projects');
    expect(notificationSection('something_new')).toBe('projects');
  });

  it('raises no toast for what the viewer already read or wrote (spec §7)', () => {
    expect(shouldToast(item(), 'provider')).toBe(true);
    expect(shouldToast(item({ read: true }), 'provider')).toBe(false);
    expect(shouldToast(item({ type: 'message', senderType: 'provider' }), 'provider')).toBe(false);
    expect(shouldToast(item({ type: 'message', senderType: 'client' }), 'provider')).toBe(true);
    expect(shouldToast(item({ type: 'message', senderType: 'client' }), 'client')).toBe(false);
  });

  it('finds what arrived since the last look, none on the first look', () => {
    const a = item();
    const b = item();
    const c = item();
    const newestFirst = [c, b, a];
    expect(arrivedSince(newestFirst, null)).toEqual([]);
    expect(arrivedSince(newestFirst, a.seq)).toEqual([b, c]);
    expect(newestSeq(newestFirst, 0)).toBe(c.seq);
    expect(newestSeq([], 7)).toBe(7);
  });
});
