/**
 * Debian's Chromium, as every script, benchmark and browser test launches it (never a downloaded browser). The flags
 * keep it off the network this machine does not have (background updates, sync, QUIC).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
