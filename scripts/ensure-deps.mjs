// Installs the dependencies when node_modules is missing or older than package-lock.json.
// Plain JavaScript with no dependencies: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function mtime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

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

export function ensureDependencies() {
  const lock = path.join(root, 'package-lock.json');
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`This project needs Node.js 20.19 or newer; this is ${process.version}.`);
    process.exit(1);
  }
  if (existsSync(installed) && mtime(installed) >= mtime(lock)) return;
  console.log('→ Installing dependencies (npm ci); the first time this compiles better-sqlite3…');
  runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
}
