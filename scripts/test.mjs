// `npm test`: installs what is missing (Chromium, nginx, PostgreSQL and the other system
// tools too, when it can), then runs every check and test: typecheck, lint, format, unit,
// component and server tests (the store's against a throwaway PostgreSQL too), the build,
// and the end-to-end tests in Chromium against the built site on the real server, behind
// nginx, on a static host, and from a production install.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { ensureDependencies, root, runOrExit } from './ensure-deps.mjs';
import { findPostgresPrograms } from './postgres-programs.mjs';

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

const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
let aptUpdated = false;

function aptInstall(packages, why) {
  console.log(`→ Installing ${why} (apt-get install ${packages.join(' ')})…`);
  if (!aptUpdated) runOrExit('apt-get', ['update', '-qq']);
  aptUpdated = true;
  runOrExit('apt-get', ['install', '-y', '-qq', ...packages], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function ensureBrowser() {
  let browser = findBrowser();
  if (browser) return browser;
  if (canApt) {
    aptInstall(['chromium'], 'Chromium for the browser tests');
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

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

// nginx with the brotli_static module and openssl run the reverse-proxy test; they are
// needed, never skipped. systemd-analyze checks the service unit where it can be had.
function ensureSystemTools() {
  const missing = [
    [NGINX, 'nginx'],
    [BROTLI_STATIC, 'libnginx-mod-http-brotli-static'],
    ['/usr/bin/openssl', 'openssl'],
  ].filter(([file]) => !existsSync(file));
  if (missing.length > 0 && canApt) {
    aptInstall(
      missing.map(([, name]) => name),
      'nginx and openssl for the reverse-proxy test',
    );
  }
  const still = missing.filter(([file]) => !existsSync(file));
  if (still.length > 0) {
    console.error(
      [
        `The reverse-proxy test needs ${still.map(([file]) => file).join(', ')}, and it is missing.`,
        `  - On Debian or Ubuntu: sudo apt-get install ${still.map(([, name]) => name).join(' ')}`,
        '  - Or point NGINX_PATH at an nginx binary built with the brotli_static module.',
      ].join('\n'),
    );
    process.exit(1);
  }
  if (!existsSync('/usr/bin/systemd-analyze') && canApt) {
    aptInstall(['systemd'], 'systemd-analyze to check the service unit');
  }
}

// The feedback store's tests run against a real PostgreSQL: a throwaway cluster they start
// in a temporary folder, or the server TEST_DATABASE_URL names. They are needed, never
// skipped. PostgreSQL refuses to run as root; as root the cluster runs as the postgres user
// that Debian's package creates.
function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return;
  const asRoot = process.getuid?.() === 0;
  const ready = () =>
    findPostgresPrograms() !== undefined &&
    (!asRoot || spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' }).status === 0);
  if (ready()) return;
  if (canApt) {
    aptInstall(['postgresql'], 'PostgreSQL for the feedback store tests');
    if (ready()) return;
  }
  console.error(
    [
      asRoot && findPostgresPrograms()
        ? 'The feedback store tests run PostgreSQL as the postgres user (it refuses root), and there is none.'
        : "The feedback store tests need PostgreSQL's server programs (initdb, pg_ctl, postgres), and none were found.",
      '  - On Debian or Ubuntu: sudo apt-get install postgresql   (then run npm test again)',
      '  - Or point TEST_DATABASE_URL at a PostgreSQL server whose user may create databases:',
      '    TEST_DATABASE_URL=postgres://user@host:5432/postgres npm test',
    ].join('\n'),
  );
  process.exit(1);
}

/**
 * Chromium's headless shell, which the end-to-end tests prefer (`tests/chromium.ts`): the
 * same engine in less processor time. Installed beside Chromium where apt-get can; without
 * it the tests run in the whole browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
function ensureHeadlessShell() {
  if (process.env.TEST_CHROME_PATH || existsSync(HEADLESS_SHELL) || !canApt) return;
  aptInstall(['chromium-headless-shell'], "Chromium's headless shell for the browser tests");
}

ensureDependencies();
const browser = ensureBrowser();
ensureHeadlessShell();
ensureSystemTools();
ensurePostgres();
const env = { ...process.env, CHROME_PATH: browser };

/** "3 min 12 s": how long a step took, for the summary that ends the run. */
function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** The steps running now: a failure in one lane stops the other's too. */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/**
 * Runs a command to its end: its output shown as it comes, or held (and returned) for a step
 * that runs beside another, so that the two do not mix.
 */
function runAsync(command, args, { hold = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    running.add(child);
    child.on('exit', () => running.delete(child));
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), output }));
  });
}

/**
 * The build's output passes when it has no deprecation notice: the build stays quiet where
 * nothing is wrong, so a real warning is seen.
 */
function deprecationIn(output) {
  return output.split('\n').find((line) => /deprecat/i.test(line));
}

const took = [];
/** Runs one step, timed; exits with its status when it fails. */
async function step(title, command, args, { hold = false, quiet = false } = {}) {
  if (!hold) console.log(`\n━━ ${title}`);
  const started = performance.now();
  const result = await runAsync(command, args, { hold });
  const time = duration(performance.now() - started);
  took.push(`  ${title}: ${time}`);
  const notice = quiet && result.status === 0 ? deprecationIn(result.output) : undefined;
  if (hold) {
    console.log(`\n━━ ${title} (${time})`);
    process.stdout.write(result.output);
  }
  if (result.status !== 0 || notice) {
    if (notice) {
      console.error(`\nThe build printed a deprecation notice; fix its cause:\n  ${notice.trim()}`);
    }
    console.error(`\n✗ ${title} failed (exit ${result.status || 1}).`);
    process.exit(result.status || 1);
  }
}

const suiteStarted = performance.now();
// The content's images and QR codes first, which the checks, the tests and the build read.
await step('Content assets (screenshots, link cards, QR codes)', 'npm', ['run', 'assets']);
// Then two lanes side by side, which between them keep both cores of a small machine busy
// to the end: the build followed by the end-to-end tests, which read only what the build
// wrote, shown as they run; and the unit, component and server tests followed by the checks,
// each shown as it ends. The checks wait for the build too: the typecheck writes the route
// types the build also writes.
const build = step('Build', 'npm', ['run', 'build:site'], { hold: true, quiet: true });
const endToEnd = (async () => {
  await build;
  await step(
    'End-to-end tests: Chromium, nginx in front, a static host, a production install',
    'npx',
    ['playwright', 'test'],
  );
})();
const testsAndChecks = (async () => {
  await step('Unit, component and server tests', 'npx', ['vitest', 'run'], { hold: true });
  await build;
  await step('Typecheck', 'npm', ['run', 'typecheck:code'], { hold: true });
  await step('Lint, with the import rules', 'npm', ['run', 'lint'], { hold: true });
  await step('Format', 'npm', ['run', 'format:check'], { hold: true });
  await step('Unused code (knip)', 'npm', ['run', 'knip'], { hold: true });
})();
await Promise.all([endToEnd, testsAndChecks]);
// Where the suite's time goes, step by step (the install, when there was one, is not counted).
// The two lanes overlap, so the steps add up to more than the whole.
console.log(
  `\nTime per step:\n${took.join('\n')}\n  In all: ${duration(performance.now() - suiteStarted)}`,
);
console.log('\n✓ Every check and test passed.');
