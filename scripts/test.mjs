// `npm test`: installs what is missing (Chromium too, when it can), then runs every check
// and test: typecheck, lint, format, unit and component tests, the build, and the
// end-to-end tests in Chromium against the built site on the real server.
import { existsSync } from 'node:fs';
import { ensureDependencies, run, runOrExit } from './ensure-deps.mjs';

const BROWSER_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

function findBrowser() {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    console.error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, but there is no file there.`);
    process.exit(1);
  }
  return BROWSER_CANDIDATES.find((candidate) => existsSync(candidate));
}

function ensureBrowser() {
  let browser = findBrowser();
  if (browser) return browser;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('→ Installing Chromium for the browser tests (apt-get install chromium)…');
    runOrExit('apt-get', ['update', '-qq']);
    runOrExit('apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    browser = findBrowser();
    if (browser) return browser;
  }
  console.error(
    [
      'The end-to-end tests need Chromium or Chrome, and none was found.',
      '  - On Debian or Ubuntu: sudo apt-get install chromium   (then run npm test again)',
      '  - Or point CHROME_PATH at a Chrome or Chromium binary: CHROME_PATH=/path/to/chrome npm test',
    ].join('\n'),
  );
  process.exit(1);
}

ensureDependencies();
const browser = ensureBrowser();
const env = { ...process.env, CHROME_PATH: browser };

const steps = [
  ['Checks (typecheck, lint, format)', 'npm', ['run', 'check']],
  ['Unit, component and server tests', 'npx', ['vitest', 'run']],
  ['Build', 'npm', ['run', 'build']],
  ['End-to-end tests in Chromium', 'npx', ['playwright', 'test']],
];
for (const [title, command, args] of steps) {
  console.log(`\n━━ ${title}`);
  const status = run(command, args, { env });
  if (status !== 0) {
    console.error(`\n✗ ${title} failed (exit ${status}).`);
    process.exit(status);
  }
}
console.log('\n✓ Every check and test passed.');
