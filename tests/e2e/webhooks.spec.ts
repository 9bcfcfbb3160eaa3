import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { createClient, createPortal, expectNoSidewaysScroll, shot, signUpProvider } from './support';

/**
 * Outgoing webhooks (issue 27) end to end: the provider adds an endpoint on the Integrations page (the
 * secret shown once), a client added through the API reaches a local receiver as `client.created`, signed
 * per Standard Webhooks (checked with the reference library), and "Redeliver" in the delivery log sends the
 * same event (same `webhook-id`) again. In English on a desktop, in German on a phone. The e2e server
 * allows loopback endpoints (`WEBHOOKS_ALLOW_LOOPBACK`, development only; production refuses them).
 */
const TEXT = {
  en: {
    add: 'Add endpoint',
    dialog: 'Add webhook endpoint',
    url: 'Endpoint URL',
    event: 'Client added',
    secret: 'Signing secret',
    done: 'Done',
    deliveries: 'Delivery log',
    redeliver: 'Redeliver',
  },
  de: {
    add: 'Endpunkt hinzufügen',
    dialog: 'Webhook-Endpunkt hinzufügen',
    url: 'Endpunkt-URL',
    event: 'Kunde hinzugefügt',
    secret: 'Signaturgeheimnis',
    done: 'Fertig',
    deliveries: 'Zustellprotokoll',
    redeliver: 'Erneut zustellen',
  },
} as const;

const RUNS = [
  { lang: 'en', width: 1280, height: 900 },
  { lang: 'de', width: 390, height: 844 },
] as const;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver that answers 204 and hands each request to the waiting test. */
async function receiver() {
  const received: Received[] = [];
  const waiting: (() => void)[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
      for (const wake of waiting.splice(0)) wake();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    /** Resolves with the `count`-th request once it has arrived. */
    async nth(count: number, timeoutMs = 30_000): Promise<Received> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the receiver got ${received.length} of ${count} requests`);
        await new Promise<void>((wake) => {
          const timer = setTimeout(wake, left);
          waiting.push(() => {
            clearTimeout(timer);
            wake();
          });
        });
      }
      return received[count - 1] as Received;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const headersOf = (r: Received) =>
  Object.fromEntries(
    Object.entries(r.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );

for (const { lang, width, height } of RUNS) {
  test(`add an endpoint, receive a signed event, redeliver it (${lang}, ${width} px)`, async ({
    browser,
  }) => {
    const text = TEXT[lang];
    const hooks = await receiver();
    const context = await browser.newContext({
      locale: lang === 'de' ? 'de-DE' : 'en-US',
      viewport: { width, height },
      ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
    });
    try {
      const page = await context.newPage();
      await signUpProvider(context.request, { language: lang });
      const portalId = await createPortal(context.request);

      await page.goto('/dashboard/integrations');
      const card = page.locator('[data-integration="webhooks"]');
      await card.getByRole('button', { name: text.add }).click();
      const dialog = page.getByRole('dialog', { name: text.dialog });
      await dialog.getByLabel(text.url).fill(hooks.url);
      await dialog.getByRole('checkbox', { name: new RegExp(`^${text.event} client\\.created$`) }).check();
      await dialog.getByRole('button', { name: text.add }).click();

      const secretDialog = page.getByRole('dialog', { name: text.secret });
      const secret = (await secretDialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32,}$/);
      await shot(page, `webhooks/secret-${lang}-${width}`);
      await secretDialog.getByRole('button', { name: text.done }).click();
      await expect(secretDialog).toBeHidden();
      await expect(card.getByText(hooks.url).locator('visible=true').first()).toBeVisible();
      if (width < 500) await expectNoSidewaysScroll(page);

      // A change through the API: its event arrives signed with the secret shown once.
      const client = await createClient(context.request, { portalId, name: 'Ada Lovelace' });
      const first = await hooks.nth(1);
      const verifier = new Webhook(secret);
      const event = verifier.verify(first.body, headersOf(first)) as {
        type: string;
        data: { object: { id: string } };
      };
      expect(event.type).toBe('client.created');
      expect(event.data.object.id).toBe(client.id);
      expect(() => verifier.verify(first.body.replace('Ada', 'Eve'), headersOf(first))).toThrow();

      // The delivery log shows it; redelivering sends the same event again, signed anew.
      await card.getByRole('button', { name: text.deliveries }).locator('visible=true').first().click();
      const log = page.getByRole('dialog', { name: text.deliveries });
      await expect(log.getByText('client.created').locator('visible=true').first()).toBeVisible();
      await shot(page, `webhooks/log-${lang}-${width}`);
      await log.getByRole('button', { name: text.redeliver }).locator('visible=true').first().click();
      const second = await hooks.nth(2);
      expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(verifier.verify(second.body, headersOf(second))).toEqual(event);
    } finally {
      await context.close();
      await hooks.close();
    }
  });
}
