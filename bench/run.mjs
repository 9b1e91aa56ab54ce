// `npm run bench`: builds the site when there is no build, then runs every `bench:*` script
// of package.json in turn. Each prints its figures and writes them to bench/results/.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts)
  .filter((name) => name.startsWith('bench:'))
  .sort();

function run(args) {
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  return result.status ?? 1;
}

if (!existsSync('build/site.json') && run(['run', 'build']) !== 0) process.exit(1);
let failed = 0;
for (const script of scripts) {
  console.log(`\n━━ npm run ${script}`);
  if (run(['run', script]) !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
