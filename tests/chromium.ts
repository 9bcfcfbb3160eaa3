/**
 * Debian's Chromium and the flags it needs on these machines (root, no GPU, no network beyond loopback:
 * without the background-networking flags it keeps dialling out and fails noisily).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
