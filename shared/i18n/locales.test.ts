import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  emptyTexts,
  flattenLocale,
  itKeepsLocaleParity,
  type LocaleTree,
  missingKeys,
  placeholderMismatches,
} from './locale-parity';
import apiDe from './locales/api.de.json' with { type: 'json' };
import apiEn from './locales/api.en.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import docsDe from './locales/docs.de.json' with { type: 'json' };
import docsEn from './locales/docs.en.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import landingDe from './locales/landing.de.json' with { type: 'json' };
import landingEn from './locales/landing.en.json' with { type: 'json' };
import mailDe from './locales/mail.de.json' with { type: 'json' };
import mailEn from './locales/mail.en.json' with { type: 'json' };
import messagesDe from './locales/messages.de.json' with { type: 'json' };
import messagesEn from './locales/messages.en.json' with { type: 'json' };
import notificationsDe from './locales/notifications.de.json' with { type: 'json' };
import notificationsEn from './locales/notifications.en.json' with { type: 'json' };
import portalsDe from './locales/portals.de.json' with { type: 'json' };
import portalsEn from './locales/portals.en.json' with { type: 'json' };
import publicDe from './locales/public.de.json' with { type: 'json' };
import publicEn from './locales/public.en.json' with { type: 'json' };
import sectionsDe from './locales/sections.de.json' with { type: 'json' };
import sectionsEn from './locales/sections.en.json' with { type: 'json' };
import settingsDe from './locales/settings.de.json' with { type: 'json' };
import settingsEn from './locales/settings.en.json' with { type: 'json' };

/** The main texts plus each lazily loaded namespace (English, German), its keys prefixed `namespace:`. */
const FILES: [prefix: string, en: unknown, de: unknown][] = [
  ['', en, de],
  ['', sectionsEn, sectionsDe],
  ['', mailEn, mailDe],
  ['', apiEn, apiDe],
  ['landing:', landingEn, landingDe],
  ['settings:', settingsEn, settingsDe],
  ['public:', publicEn, publicDe],
  ['portals:', portalsEn, portalsDe],
  ['docs:', docsEn, docsDe],
  ['messages:', messagesEn, messagesDe],
  ['notifications:', notificationsEn, notificationsDe],
];
const texts = (lang: 1 | 2) =>
  new Map(FILES.flatMap((file) => [...flattenLocale(file[lang] as LocaleTree, file[0])]));
const enKeys = texts(1);
const deKeys = texts(2);

describe('locale files', () => {
  itKeepsLocaleParity(enKeys, deKeys);

  it('translate every error code of the API contract', async () => {
    const { ErrorCode } = await import('../contracts/common');
    const untranslated = ErrorCode.options.filter((code) => !enKeys.has(`errors.${code}`));
    expect(untranslated).toEqual([]);
  });

  it('carry every validation and mail key the code refers to', () => {
    const root = join(import.meta.dirname, '..', '..');
    const used = new Set<string>();
    for (const dir of ['api', 'shared', 'host']) {
      for (const file of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
        if (!/\.tsx?$/.test(file) || file.includes('node_modules') || file.endsWith('.test.ts')) continue;
        const text = readFileSync(join(root, dir, file), 'utf8');
        for (const m of text.matchAll(/['`]((?:validation|mail\.magicLink)\.[A-Za-z]+)['`]/g))
          used.add(m[1] ?? '');
      }
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((key) => !enKeys.has(key) || !deKeys.has(key))).toEqual([]);
  });

  it('keep the spec texts verbatim in English', () => {
    expect(enKeys.get('validation.emailRequired')).toBe('Email is required');
    expect(enKeys.get('validation.emailInvalid')).toBe('Please enter a valid email address');
    expect(enKeys.get('validation.passwordTooShort')).toBe('Password should be at least 6 characters');
    expect(enKeys.get('validation.passwordsDoNotMatch')).toBe('Passwords do not match');
    expect(enKeys.get('errors.invalid_credentials')).toBe('Invalid email or password');
    expect(enKeys.get('errors.email_taken')).toBe('An account with this email already exists');
    expect(enKeys.get('dashboard.signedOut')).toBe('You have been signed out successfully.');
    expect(enKeys.get('settings:profile.updated')).toBe('Profile updated successfully');
    expect(enKeys.get('settings:profile.failed')).toBe('Error: {{message}}');
    expect(enKeys.get('portals:copy.linkCopied')).toBe('Link copied to clipboard!');
    expect(enKeys.get('messages:conversation.sent')).toBe('Message sent successfully');
    expect(enKeys.get('messages:conversation.sendFailed')).toBe('Failed to send message');
  });

  it('carry the notification sheet of spec §2 and §8 verbatim, and every text it asks for', async () => {
    expect(enKeys.get('notifications:title')).toBe('Notifications');
    expect(enKeys.get('notifications:description')).toBe('Stay updated with your project activities');
    expect(enKeys.get('notifications:new')).toBe('New');
    expect(enKeys.get('notifications:earlier')).toBe('Earlier');
    expect(enKeys.get('notifications:markAllRead')).toBe('Mark all read');
    expect(enKeys.get('notifications:emptyTitle')).toBe('No notifications yet');
    expect(enKeys.get('notifications:emptyBody')).toBe("You'll see updates about your projects here");
    const { NOTIFICATION_TEXT_KEYS } = await import('../notifications/texts');
    expect(NOTIFICATION_TEXT_KEYS.filter((key) => !enKeys.has(`notifications:${key}`))).toEqual([]);
  });

  it('carry every text of the conversation component', async () => {
    const { CONVERSATION_TEXT_KEYS } = await import('../conversation/texts');
    const absent = CONVERSATION_TEXT_KEYS.map((key) => `messages:conversation.${key}`).filter(
      (key) => !enKeys.has(key),
    );
    expect(absent).toEqual([]);
  });
});

describe('parity checks', () => {
  it('report a key that exists in one language only', () => {
    const a = flattenLocale({ x: { y: 'Y', z: 'Z' } });
    const b = flattenLocale({ x: { y: 'Y' } });
    expect(missingKeys(a, b)).toEqual(['x.z']);
  });

  it('report a placeholder that differs between languages', () => {
    const a = flattenLocale({ greet: 'Hi {{name}}' });
    const b = flattenLocale({ greet: 'Hallo {{nome}}' });
    expect(placeholderMismatches(a, b)).toEqual(['greet']);
  });

  it('report an empty text, and read a namespace prefix', () => {
    expect(emptyTexts(flattenLocale({ a: ' ', b: 'B' }))).toEqual(['a']);
    expect([...flattenLocale({ x: { y: 'Y' } }, 'settings:').keys()]).toEqual(['settings:x.y']);
  });
});
