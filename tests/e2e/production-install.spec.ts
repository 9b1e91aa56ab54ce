/**
 * The production artefact made as the Dockerfile's runtime stage makes it: the build output
 * and the lockfile in an empty folder, `npm ci --omit=dev` (no tsx, no dev dependencies; the
 * one native module taken from this checkout's install rather than compiled again);
 * then the server runs from it, a visitor sends a message, and the owner reads it with the
 * installed command.
 */
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../server/server-process.ts';
import { APP_NAME, APP_PATH, openForm, submitFeedback } from './feedback-form.ts';
import { expect, test } from './fixtures.ts';
import { root, runCommand, tempFolder } from './processes.ts';

/** The one production dependency with a native module. */
const NATIVE = 'better-sqlite3';

/** The installed packages whose package.json asks for a step at install time. */
function installStepsIn(modules: string): string[] {
  const names = readdirSync(modules).flatMap((entry) =>
    entry.startsWith('@')
      ? readdirSync(path.join(modules, entry)).map((name) => `${entry}/${name}`)
      : entry.startsWith('.')
        ? []
        : [entry],
  );
  return names.filter((name) => {
    const manifest = path.join(modules, name, 'package.json');
    if (!existsSync(manifest)) return false;
    const { scripts = {}, gypfile } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      scripts?: Record<string, string>;
      gypfile?: boolean;
    };
    return (
      gypfile === true ||
      existsSync(path.join(modules, name, 'binding.gyp')) ||
      ['preinstall', 'install', 'postinstall'].some((step) => step in scripts)
    );
  });
}

test('a production install serves the site, stores a message, and lists it for the owner', async ({
  page,
}) => {
  test.setTimeout(5 * 60_000);
  const folder = tempFolder('portfolio-install-');
  let server: ServerProcess | undefined;
  try {
    const app = path.join(folder.dir, 'app');
    // The build output and the lockfile.
    for (const entry of ['build', 'package.json', 'package-lock.json']) {
      cpSync(path.join(root, entry), path.join(app, entry), { recursive: true });
    }
    // Of the production dependencies, only better-sqlite3 has an install step: it compiles
    // its native module where no prebuilt one can be downloaded, minutes on two cores. This
    // checkout's own install has compiled that very version (the same lockfile) for this
    // Node already, so the install here skips install steps and takes that module.
    const install = await runCommand(
      'npm',
      ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'],
      { cwd: app },
    );
    expect(install.code, install.output).toBe(0);
    const withInstallSteps = installStepsIn(path.join(app, 'node_modules'));
    expect(withInstallSteps).toEqual([NATIVE]);
    const compiled = `node_modules/${NATIVE}/build/Release/better_sqlite3.node`;
    cpSync(path.join(root, compiled), path.join(app, compiled));
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
