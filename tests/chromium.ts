/**
 * How the tests and benchmarks start Chromium: Debian's build (or CHROME_PATH), with the
 * flags that keep it from reaching out to the network on its own.
 */
import { existsSync } from 'node:fs';

/** The whole browser, as a visitor runs it: the benchmarks measure with it. */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Debian's `chromium-headless-shell`: the same engine as `chromium`, without its browser UI. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The end-to-end tests' browser: TEST_CHROME_PATH, else Chromium's headless shell where it
 * is installed, else the whole browser. The shell runs the same Blink and V8 at about a
 * third less processor time per page, which the suite spends on hundreds of pages.
 */
export const testBrowserPath =
  process.env.TEST_CHROME_PATH ??
  (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : chromiumPath);

export const chromiumArgs = [
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--no-sandbox',
];
