// Installs the dependencies when node_modules does not hold what package-lock.json lists.
// Plain JavaScript with no dependencies: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${[command, ...args].join(' ')} failed (exit ${status}).`);
    process.exit(status);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The node_modules folder a package at `where` (`node_modules/a/node_modules/@b/c`) is in. */
function modulesFolder(where) {
  return where.slice(0, where.lastIndexOf('node_modules/') + 'node_modules'.length);
}

/**
 * Why node_modules cannot be used as it is, or undefined when it holds every package of
 * the lock file at its version, with its commands linked. The files are checked rather than
 * a date or a mark, because an install can stop halfway or leave out the dev dependencies
 * and still look finished: then every later run would build with a broken folder.
 */
function installProblem() {
  // npm writes this file when an install has finished.
  if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
    return 'node_modules is missing or was not fully installed';
  }
  const lock = readJson(path.join(root, 'package-lock.json'));
  if (!lock?.packages) return 'package-lock.json cannot be read';
  for (const [where, entry] of Object.entries(lock.packages)) {
    // The project itself, and packages for other systems or Node versions that npm skips.
    if (where === '' || entry.optional) continue;
    const installed = readJson(path.join(root, where, 'package.json'));
    if (!installed) return `${where} is missing`;
    if (entry.version && installed.version !== entry.version) {
      return `${where} is ${installed.version}, the lock file has ${entry.version}`;
    }
    for (const command of Object.keys(entry.bin ?? {})) {
      const link = path.join(root, modulesFolder(where), '.bin', command);
      if (!existsSync(link) && !existsSync(`${link}.cmd`)) {
        return `${command} (${where}) is not linked`;
      }
    }
  }
  return undefined;
}

export function ensureDependencies() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`This project needs Node.js 20.19 or newer; this is ${process.version}.`);
    process.exit(1);
  }
  const problem = installProblem();
  if (problem === undefined) return;
  const modules = path.join(root, 'node_modules');
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) {
    // npm ci would empty the folder the link points to, which other checkouts may share.
    console.error(
      `The install is not complete (${problem}), and node_modules is a link to another folder, which npm ci would empty: install there (npm ci --include=dev), or remove the link to install here.`,
    );
    process.exit(1);
  }
  console.log(
    `→ Installing dependencies (npm ci), since ${problem}; this compiles better-sqlite3, which takes a few minutes…`,
  );
  // The build and the tests run on the dev dependencies (tsx, Vite, TypeScript), which npm
  // leaves out when NODE_ENV is production unless they are asked for.
  runOrExit('npm', ['ci', '--include=dev', '--no-audit', '--no-fund']);
  const left = installProblem();
  if (left !== undefined) {
    console.error(`\n✗ npm ci finished, but ${left}.`);
    process.exit(1);
  }
}
