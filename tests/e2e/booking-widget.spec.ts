import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, test } from '@playwright/test';
import { widgetSnippet } from '../../shared/widget/snippet';
import { CHROMIUM_ITSELF } from '../chromium';
import { type Booking, bookingType } from './booking-world';
import { world } from './collaboration-world';
import { GERMAN_PHONE, ok, PLATFORM, shot } from './support';

/**
 * Issue 30, booking from the widget: the portal inline on the provider's own page (identity handoff), a
 * German client on a phone books a meeting there and cancels it; the page hears `booking.created` and
 * `booking.cancelled`. The booking type is made through the provider's API.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

// The portal in a third-party frame meets Chrome's storage rules: Chromium itself (tests/chromium.ts).
test.use(CHROMIUM_ITSELF);

test('a German client on a phone books from the widget; the page hears booking.created @phone', async ({
  browser,
  request,
}) => {
  const w = await world(request, 'de');
  await bookingType(request, 'Kick-off');
  // The provider's website: this page and its backend's `/token` (identity handoff, HS256 with the secret).
  let origin = '';
  const secret = (
    await ok<{ secret: string }>(await request.post(`/api/portals/${w.portalId}/widget-secret`))
  ).secret;
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/token')) {
      const now = Math.floor(Date.now() / 1000);
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: w.clientEmail, aud: w.portalId, iat: now, exp: now + 300, jti: randomUUID() })}`;
      const token = `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ token }));
      return;
    }
    const snippet = widgetSnippet({
      origin: PLATFORM,
      portalId: w.portalId,
      mode: 'inline',
      element: '#portal-here',
    });
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="de"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Agentur</title>
<script>window.__events=[];["login","booking.created","booking.cancelled"].forEach(function(n){document.addEventListener("clientportal:"+n,function(e){window.__events.push({name:n,detail:e.detail})})});</script>
</head><body><h1>Ihre Projekte</h1><div id="portal-here"></div>${snippet}
<script>ClientPortal("identify",{fetchToken:function(){return fetch("/token").then(function(r){return r.json()}).then(function(b){return b.token})}});</script>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await ok(await request.patch(`/api/portals/${w.portalId}`, { data: { allowedOrigins: [origin] } }));
  const context = await browser.newContext({ ...GERMAN_PHONE, timezoneId: 'Europe/Berlin' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    const events = () =>
      page.evaluate(
        () =>
          (window as unknown as { __events: { name: string; detail: Record<string, unknown> }[] }).__events,
      );
    await expect.poll(async () => (await events()).map((e) => e.name)).toContain('login');
    await page.evaluate(() =>
      (window as unknown as { ClientPortal: (...a: unknown[]) => void }).ClientPortal('navigate', 'bookings'),
    );
    const portal = page.locator('#portal-here client-portal-widget iframe').contentFrame();
    await expect(portal.getByRole('heading', { name: 'Termin buchen' })).toBeVisible();
    await portal.getByRole('group', { name: 'Uhrzeit' }).getByRole('button').first().click();
    await portal.getByRole('button', { name: 'Diesen Termin buchen' }).click();
    await expect(portal.getByRole('heading', { name: 'Ihre nächsten Termine' })).toBeVisible();
    const listed = await ok<{ items: Booking[] }>(await request.get('/api/bookings'));
    expect(listed.items).toHaveLength(1);
    const created = (await events()).find((e) => e.name === 'booking.created');
    expect(created?.detail).toMatchObject({
      bookingId: listed.items[0]?.id,
      startsAt: listed.items[0]?.startsAt,
      portalId: w.portalId,
    });
    await shot(page, 'booking/widget-de-390');
    await portal.getByRole('button', { name: 'Absagen' }).click();
    await portal.getByRole('dialog').getByRole('button', { name: 'Termin absagen' }).click();
    await expect.poll(async () => (await events()).map((e) => e.name)).toContain('booking.cancelled');
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
