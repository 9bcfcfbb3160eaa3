import { describe, expect, it } from 'vitest';
import { signUp } from '../../auth/testing';
import { createTestContext } from '../../testing/harness';

describe('GET /api/dev/outbox', () => {
  it('lists the latest mails, filtered by recipient', async () => {
    const t = await createTestContext({ TRUST_PROXY: 'true' });
    try {
      await signUp(t, 'one@example.com');
      await signUp(t, 'two@example.com');
      const all = await (await t.app.request('/api/dev/outbox')).json();
      expect(all.mails.map((m: { to: string }) => m.to).sort()).toEqual([
        'one@example.com',
        'two@example.com',
      ]);
      const res = await t.app.request('/api/dev/outbox?to=TWO@example.com');
      const { mails } = await res.json();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: 'two@example.com', kind: 'verify_email' });
      expect(Object.keys(mails[0]).sort()).toEqual([
        'attempts',
        'createdAt',
        'html',
        'id',
        'kind',
        'lastError',
        'sentAt',
        'status',
        'subject',
        'text',
        'to',
      ]);
      // Queued with the sign-up; a worker delivers it (api/mail/queue-mail.test.ts), none runs here.
      expect(mails[0]).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    } finally {
      await t.close();
    }
  });

  it('does not exist in production, nor in the OpenAPI document', async () => {
    const t = await createTestContext({ NODE_ENV: 'production' });
    try {
      const res = await t.app.request('/api/dev/outbox');
      expect(res.status).toBe(404);
      const doc = await (await t.app.request('/api/openapi.json')).json();
      expect(Object.keys(doc.paths)).not.toContain('/api/dev/outbox');
      expect(Object.keys(doc.paths)).toContain('/api/auth/sign-in');
    } finally {
      await t.close();
    }
  });

  it('does not exist when real mail goes out through Resend', async () => {
    const t = await createTestContext({ RESEND_API_KEY: 're_test_key' });
    try {
      expect((await t.app.request('/api/dev/outbox')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
