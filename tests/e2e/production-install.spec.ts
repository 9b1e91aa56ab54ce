/**
 * The production artefact made as the Dockerfile's runtime stage makes it: the build output
 * and the lockfile in an empty folder, `npm ci --omit=dev` (no tsx, no dev dependencies);
 * then the server runs from it, a visitor sends a message, and the owner reads it with the
 * installed command.
 */
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../server/server-process.ts';
import { APP_NAME, APP_PATH, openForm, submitFeedback } from './feedback-form.ts';
import { expect, test } from './fixtures.ts';
import { root, runCommand, tempFolder } from './processes.ts';

test('a production install serves the site, stores a message, and lists it for the owner', async ({
  page,
}) => {
  // npm ci compiles better-sqlite3 when its prebuilt binary cannot be downloaded.
  test.setTimeout(10 * 60_000);
  const folder = tempFolder('portfolio-install-');
  let server: ServerProcess | undefined;
  try {
    const app = path.join(folder.dir, 'app');
    // The build output and the lockfile.
    for (const entry of ['build', 'package.json', 'package-lock.json']) {
      cpSync(path.join(root, entry), path.join(app, entry), { recursive: true });
    }
    const install = await runCommand('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: app,
    });
    expect(install.code, install.output).toBe(0);
    for (const devOnly of [
      'tsx',
      'vite',
      'vitest',
      'eslint',
      '@react-router/dev',
      '@playwright/test',
    ]) {
      expect(existsSync(path.join(app, 'node_modules', devOnly)), devOnly).toBe(false);
    }

    const dataDir = path.join(folder.dir, 'data');
    server = await startServerProcess(
      { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      { compiledMain: path.join(app, 'build/server/server/main.js'), cwd: app },
    );
    await openForm(page, `${server.url}${APP_PATH}`);
    const message = `Sent to a production install at ${Date.now()}`;
    expect(await submitFeedback(page, message)).toBe('Feedback sent successfully!');

    const list = await runCommand('npx', ['--no', 'portfolio-feedback', 'list'], {
      cwd: app,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    expect(list.code, list.output).toBe(0);
    expect(list.stdout).toContain(APP_NAME);
    expect(list.stdout).toContain('Ada Lovelace <ada@example.com>');
    expect(list.stdout).toContain(message.slice(0, 40));
  } finally {
    server?.child.kill('SIGTERM');
    await server?.exited;
    folder.remove();
  }
});
