/**
 * How the tests and benchmarks start Chromium: Debian's build (or CHROME_PATH), with the
 * flags that keep it from reaching out to the network on its own.
 */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--no-sandbox',
];
