// Debian's Chromium and the flags it runs with here (headless, no sandbox as root, nothing fetched
// from outside): one set for the browser tests (test/helpers/storefront.ts) and the benchmarks.
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
