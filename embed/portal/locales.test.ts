import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_STATUSES } from '../../shared/contracts/files';
import { CONVERSATION_TEXT_KEYS } from '../../shared/conversation/texts';
import { flattenLocale, itKeepsLocaleParity, type LocaleTree } from '../../shared/i18n/locale-parity';
import sharedDe from '../../shared/i18n/locales/de.json' with { type: 'json' };
import sharedEn from '../../shared/i18n/locales/en.json' with { type: 'json' };
import sectionsDe from '../../shared/i18n/locales/sections.de.json' with { type: 'json' };
import sectionsEn from '../../shared/i18n/locales/sections.en.json' with { type: 'json' };
import { NOTIFICATION_TEXT_KEYS } from '../../shared/notifications/texts';
import portalDe from '../../shared/portal/locales/portal.de.json' with { type: 'json' };
import portalEn from '../../shared/portal/locales/portal.en.json' with { type: 'json' };
import signInDe from '../../shared/portal/locales/sign-in.de.json' with { type: 'json' };
import signInEn from '../../shared/portal/locales/sign-in.en.json' with { type: 'json' };

/** The sign-in texts (first chunk) and the signed-in pages' texts (their chunk) share one key space. */
const enKeys = new Map([...flattenLocale(signInEn as LocaleTree), ...flattenLocale(portalEn as LocaleTree)]);
const deKeys = new Map([...flattenLocale(signInDe as LocaleTree), ...flattenLocale(portalDe as LocaleTree)]);

/** Every `t('literal.key')` in the portal's code, and the keys its contracts' messages name. */
function keysUsedInCode(only?: string[]): Set<string> {
  const used = new Set<string>();
  const files = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' }).filter(
    (f) =>
      /\.tsx?$/.test(f) &&
      !f.endsWith('.test.ts') &&
      (!only || only.some((p) => f === p || f.startsWith(`${p}/`))),
  );
  for (const file of files) {
    const text = readFileSync(join(import.meta.dirname, file), 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z]+(?:\.[a-zA-Z_]+)+)'/g)) used.add(m[1] ?? '');
  }
  const contract = readFileSync(join(import.meta.dirname, '../../shared/contracts/portal-client.ts'), 'utf8');
  for (const m of contract.matchAll(/'(validation\.[A-Za-z]+)'/g)) used.add(m[1] ?? '');
  return used;
}

describe('portal texts (shared/portal/locales)', () => {
  itKeepsLocaleParity(enKeys, deKeys);

  it('carry every key the portal’s code and contracts refer to', () => {
    const used = keysUsedInCode();
    expect(used.size).toBeGreaterThan(80);
    expect([...used].filter((key) => !enKeys.has(key))).toEqual([]);
  });

  it('carry every status and navigation label the code builds', () => {
    for (const status of ['planning', 'in_progress', 'on_hold', 'completed', 'cancelled']) {
      expect(enKeys.has(`status.project.${status}`), status).toBe(true);
    }
    for (const status of ['sent', 'overdue', 'paid', 'cancelled']) {
      expect(enKeys.has(`status.invoice.${status}`), status).toBe(true);
    }
    // The shared file components' status labels, in the client's words (`portal-files-kit.tsx`).
    for (const status of FILE_STATUSES) {
      expect(enKeys.has(`status.file.${status}`), status).toBe(true);
    }
    for (const side of ['provider', 'client']) expect(enKeys.has(`files.side.${side}`), side).toBe(true);
    for (const page of ['dashboard', 'projects', 'files', 'messages', 'invoices', 'profile']) {
      expect(enKeys.has(`nav.${page}`), page).toBe(true);
    }
  });

  it('keep the two files’ namespaces apart (a key in both would be shadowed)', () => {
    const signIn = Object.keys(signInEn);
    expect(Object.keys(portalEn).filter((ns) => signIn.includes(ns))).toEqual([]);
  });

  it('keep the sign-in pages’ texts in the first chunk’s file', () => {
    const files = ['login', 'auth', 'ui', 'index.tsx', 'portal-app.tsx', 'signed-in-guard.tsx'];
    const used = [...keysUsedInCode(files)].filter((key) => !key.startsWith('validation.'));
    expect(used.filter((key) => !flattenLocale(signInEn as LocaleTree).has(key))).toEqual([]);
  });

  it('word validation messages exactly as the rest of the product does', () => {
    const shared = {
      en: new Map([...flattenLocale(sharedEn as LocaleTree), ...flattenLocale(sectionsEn as LocaleTree)]),
      de: new Map([...flattenLocale(sharedDe as LocaleTree), ...flattenLocale(sectionsDe as LocaleTree)]),
    };
    for (const [lang, keys] of [
      ['en', enKeys],
      ['de', deKeys],
    ] as const) {
      for (const [key, text] of keys) {
        if (key.startsWith('validation.') || key === 'errors.network') {
          expect(text, `${lang} ${key}`).toBe(shared[lang].get(key));
        }
      }
    }
  });

  it('say the spec §8 texts verbatim in English', () => {
    expect(enKeys.get('toast.linkSentTitle')).toBe('Magic Link Sent!');
    expect(enKeys.get('toast.linkSentBody')).toBe('Check your email for a secure login link.');
    expect(enKeys.get('toast.demoTitle')).toBe('Email Error - Demo Link');
    expect(enKeys.get('toast.demoBody')).toBe('Email failed to send. Use this demo link: {{link}}');
    expect(enKeys.get('toast.accessDenied')).toBe('Access Denied');
    expect(enKeys.get('toast.invalidCredentials')).toBe('Invalid Credentials');
    expect(enKeys.get('toast.authError')).toBe('Authentication Error');
    expect(enKeys.get('toast.authErrorBody')).toBe('Password authentication failed. Please try again.');
    expect(enKeys.get('toast.linkFailed')).toBe('Failed to generate magic link. Please try again.');
    expect(enKeys.get('toast.welcomeTitle')).toBe('Welcome back!');
    expect(enKeys.get('toast.welcomeBody')).toBe("You've been successfully signed in.");
    expect(enKeys.get('toast.signedOut')).toBe('You have been signed out successfully.');
    expect(enKeys.get('toast.profileUpdated')).toBe('Profile updated successfully');
    expect(enKeys.get('toast.profileFailed')).toBe('Error: {{message}}');
  });

  it('say the notification sheet’s texts verbatim in English (spec §2, §6, §8)', () => {
    expect(enKeys.get('notifications.title')).toBe('Notifications');
    expect(enKeys.get('notifications.description')).toBe('Stay updated with your project activities');
    expect(enKeys.get('notifications.new')).toBe('New');
    expect(enKeys.get('notifications.earlier')).toBe('Earlier');
    expect(enKeys.get('notifications.markAllRead')).toBe('Mark all read');
    expect(enKeys.get('notifications.emptyTitle')).toBe('No notifications yet');
    expect(enKeys.get('notifications.emptyBody')).toBe("You'll see project updates here");
    expect(enKeys.get('notifications.noClient')).toBe('No authenticated client');
  });

  it('carry every text of the shared conversation component, with its placeholders', () => {
    for (const key of CONVERSATION_TEXT_KEYS) {
      expect(enKeys.has(`conversation.${key}`), key).toBe(true);
      expect(deKeys.has(`conversation.${key}`), key).toBe(true);
    }
    expect(enKeys.get('conversation.sent')).toBe('Message sent successfully');
    expect(enKeys.get('conversation.sendFailed')).toBe('Failed to send message');
  });

  it('carry every text of the shared notification sheet', () => {
    for (const key of NOTIFICATION_TEXT_KEYS) {
      expect(enKeys.has(`notifications.${key}`), key).toBe(true);
      expect(deKeys.has(`notifications.${key}`), key).toBe(true);
    }
  });
});
