import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
import settingsDe from './locales/settings.de.json' with { type: 'json' };
import settingsEn from './locales/settings.en.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

/** Flattens nested locale JSON to `a.b.c` → text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = !prefix ? key : prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

/** Keys present in `a` but not in `b`. */
function missing(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...a.keys()].filter((k) => !b.has(k));
}

function placeholderMismatches(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...a.keys()]
    .filter((k) => b.has(k))
    .filter((k) => placeholders(a.get(k) ?? '').join() !== placeholders(b.get(k) ?? '').join());
}

/** The main texts plus each lazily loaded namespace, its keys prefixed `namespace:`. */
const enKeys = new Map([
  ...flatten(en as Tree),
  ...flatten(mailEn as Tree),
  ...flatten(apiEn as Tree),
  ...flatten(landingEn as Tree, 'landing:'),
  ...flatten(settingsEn as Tree, 'settings:'),
  ...flatten(publicEn as Tree, 'public:'),
  ...flatten(portalsEn as Tree, 'portals:'),
  ...flatten(docsEn as Tree, 'docs:'),
  ...flatten(messagesEn as Tree, 'messages:'),
  ...flatten(notificationsEn as Tree, 'notifications:'),
]);
const deKeys = new Map([
  ...flatten(de as Tree),
  ...flatten(mailDe as Tree),
  ...flatten(apiDe as Tree),
  ...flatten(landingDe as Tree, 'landing:'),
  ...flatten(settingsDe as Tree, 'settings:'),
  ...flatten(publicDe as Tree, 'public:'),
  ...flatten(portalsDe as Tree, 'portals:'),
  ...flatten(docsDe as Tree, 'docs:'),
  ...flatten(messagesDe as Tree, 'messages:'),
  ...flatten(notificationsDe as Tree, 'notifications:'),
]);

describe('locale files', () => {
  it('have the same keys in English and German', () => {
    expect(missing(enKeys, deKeys)).toEqual([]);
    expect(missing(deKeys, enKeys)).toEqual([]);
  });

  it('use the same {{placeholders}} in both languages', () => {
    expect(placeholderMismatches(enKeys, deKeys)).toEqual([]);
  });

  it('have no empty texts', () => {
    const empty = [...enKeys, ...deKeys].filter(([, text]) => text.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

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
    const a = flatten({ x: { y: 'Y', z: 'Z' } });
    const b = flatten({ x: { y: 'Y' } });
    expect(missing(a, b)).toEqual(['x.z']);
  });

  it('report a placeholder that differs between languages', () => {
    const a = flatten({ greet: 'Hi {{name}}' });
    const b = flatten({ greet: 'Hallo {{nome}}' });
    expect(placeholderMismatches(a, b)).toEqual(['greet']);
  });
});
