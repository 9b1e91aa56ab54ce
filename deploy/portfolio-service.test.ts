import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';

const UNIT = new URL('./portfolio.service', import.meta.url);
const unit = readFileSync(UNIT, 'utf8');

test('the service unit runs the built server as its own user, hardened, and restarts on failure', () => {
  for (const line of [
    'User=portfolio',
    'StateDirectory=portfolio',
    'Environment=DATA_DIR=/var/lib/portfolio',
    'Environment=SETTINGS_FILE=/etc/portfolio/portfolio.env',
    'NoNewPrivileges=true',
    'ProtectSystem=strict',
    'Restart=on-failure',
    'ExecStart=/usr/bin/node /opt/portfolio/current/build/server/server/main.js',
  ]) {
    expect(unit.split('\n')).toContain(line);
  }
  // The server reads the settings file itself, as the owner's command does: systemd's own
  // reading of it could differ from theirs.
  expect(unit).not.toMatch(/^EnvironmentFile=/m);
});

const analyze = spawnSync('systemd-analyze', ['--version']);
const hasAnalyze = analyze.error === undefined && analyze.status === 0;
if (!hasAnalyze) {
  console.warn(
    'systemd-analyze is not installed here: `systemd-analyze verify deploy/portfolio.service` is not run (npm test installs it on Debian as root).',
  );
}

test.runIf(hasAnalyze)('systemd-analyze verify finds nothing wrong in the unit', () => {
  // The node binary of this machine, wherever it is installed.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'unit-'));
  try {
    const file = path.join(dir, 'portfolio.service');
    writeFileSync(file, unit.replace('ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `));
    const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
    expect(result.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
