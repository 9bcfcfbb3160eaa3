import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/error';
import { startCardPayment } from './invoices-data';

const CHECKOUT = 'https://checkout.stripe.com/c/pay/cs_test_1';

/** A window whose `open` and `location` the test can watch. */
function fakeWindow({ blocked = false } = {}) {
  const tab = { opener: {} as unknown, closed: false, location: { href: 'about:blank' }, close: vi.fn() };
  tab.close.mockImplementation(() => {
    tab.closed = true;
  });
  const win = {
    open: vi.fn(() => (blocked ? null : tab)),
    location: { assign: vi.fn() },
  };
  return {
    win: win as unknown as Pick<Window, 'open' | 'location'>,
    tab,
    open: win.open,
    assign: win.location.assign,
  };
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubGlobal('document', { documentElement: { lang: 'en' } });
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ url: CHECKOUT }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const opts = (embedded: boolean) => ({ embedded, network: 'Network error' });

describe('the card payment (Pay now)', () => {
  it('standalone: asks the API for the Checkout URL and takes this tab there', async () => {
    const { win, open, assign } = fakeWindow();
    await expect(startCardPayment('p1', 'i1', opts(false), win)).resolves.toEqual({ kind: 'here' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/portal/p1/invoices/i1/pay',
      expect.objectContaining({ method: 'POST', credentials: 'omit' }),
    );
    expect(open).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith(CHECKOUT);
  });

  it('in the widget: opens a new tab within the click, without an opener, and sends it to Checkout', async () => {
    const { win, tab, open, assign } = fakeWindow();
    const started = startCardPayment('p1', 'i1', opts(true), win);
    // Opened before the API answered (the click's activation would not outlive a slow answer).
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await expect(started).resolves.toEqual({ kind: 'tab' });
    expect(tab.location.href).toBe(CHECKOUT);
    expect(assign).not.toHaveBeenCalled();
  });

  it('in the widget with the tab refused: the URL to open as a link', async () => {
    const { win } = fakeWindow({ blocked: true });
    await expect(startCardPayment('p1', 'i1', opts(true), win)).resolves.toEqual({
      kind: 'link',
      url: CHECKOUT,
    });
  });

  it('a refusal closes the empty tab and reaches the caller with the server’s message', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ error: { code: 'invoice_not_payable', message: 'Already paid.' } }), {
          status: 409,
        }),
    );
    const { win, tab, assign } = fakeWindow();
    const failure = await startCardPayment('p1', 'i1', opts(true), win).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Already paid.');
    expect(tab.close).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('a network failure is the network message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { win } = fakeWindow();
    await expect(startCardPayment('p1', 'i1', opts(false), win)).rejects.toMatchObject({
      code: 'network',
      message: 'Network error',
    });
  });
});
