import { describe, expect, it } from 'vitest';

describe('the widget runtime outside a browser', () => {
  it('does nothing during server-side rendering (no window, no document)', async () => {
    expect(typeof window).toBe('undefined');
    const runtime = await import('./embed');
    expect(runtime.RUNTIME_VERSION).toBe(1);
    expect('ClientPortalWidget' in globalThis).toBe(false);
    expect('ClientPortal' in globalThis).toBe(false);
  });
});
