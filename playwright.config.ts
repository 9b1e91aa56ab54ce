import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs, testBrowserPath } from './tests/chromium.ts';

/** Port of the server under test; set E2E_PORT to run several suites side by side. */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-e2e-'));

/**
 * A failed test keeps its trace of actions, console and network; without the DOM snapshots
 * and screenshots of every step, which cost the whole suite a sixth of its processor time.
 * `npx playwright test --trace on` records them all for a test being looked into.
 */
const TRACE = {
  mode: 'retain-on-failure',
  snapshots: false,
  screenshots: false,
  sources: false,
} as const;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: TRACE,
    launchOptions: {
      executablePath: testBrowserPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The built site on the real server, as visitors get it.
    command: 'node build/server/server/main.js',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Every test's page views come from this one address, more than a visitor's 60 a
      // minute while the suite runs; the cap has its own tests (server/visits/routes.test.ts).
      VISITS_RATE_LIMIT_PER_MINUTE: '0',
    },
  },
});
