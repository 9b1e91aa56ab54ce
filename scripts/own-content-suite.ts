/**
 * `npm run test:own-content`: the whole suite on a site that is no longer the sample. It
 * clones this checkout's last commit into a temporary folder, replaces the sample there with
 * a two-app site of other names (scripts/replace-sample.ts), and runs `npm test` in it. It
 * passes when the tests check the site's mechanism against whatever content/ holds, as an
 * owner's own content needs them to. The clone shares this checkout's installed packages.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { replaceSample } from './replace-sample.ts';

const root = path.resolve(import.meta.dirname, '..');
const folder = mkdtempSync(path.join(os.tmpdir(), 'portfolio-own-content-'));
const checkout = path.join(folder, 'site');

function run(command: string, args: string[], cwd: string): number {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const changed = spawnSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });
if (changed.stdout.trim() !== '') {
  console.log('→ Uncommitted changes are left out: the suite runs on the last commit.');
}
if (run('git', ['clone', '--quiet', '--no-hardlinks', root, checkout], root) !== 0) process.exit(1);
if (existsSync(path.join(root, 'node_modules'))) {
  // Hard links: the clone shares the installed packages without copying them.
  run('cp', ['-al', path.join(root, 'node_modules'), path.join(checkout, 'node_modules')], root);
}
replaceSample(checkout);
// As an owner's editor would leave the files: the suite checks their format too.
run('npx', ['prettier', '--log-level=warn', '--write', 'content'], checkout);
console.log(`→ The sample is replaced by a two-app site in ${checkout}; running npm test there.`);
const status = run('npm', ['test'], checkout);
if (status === 0) rmSync(folder, { recursive: true, force: true });
else console.log(`The suite failed on the replaced sample; the checkout is kept in ${checkout}.`);
process.exit(status);
