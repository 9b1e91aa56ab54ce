import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { tempDir } from '../tests/server/helpers.ts';

const folders: { remove: () => void }[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove();
});

test('the schema files are copied beside the compiled server, and a renamed one is not left behind', () => {
  const out = tempDir('server-files-');
  folders.push(out);
  const migrations = path.join(out.dir, 'server/visits/schema/sqlite');
  mkdirSync(migrations, { recursive: true });
  // A file a former build copied, since renamed in the source.
  writeFileSync(path.join(migrations, '0005-visits.sql'), 'CREATE TABLE visit_counts (x);');
  execFileSync(process.execPath, ['scripts/server-files.mjs', out.dir], { stdio: 'pipe' });
  const copied = readdirSync(migrations);
  expect(copied).toEqual(readdirSync('server/visits/schema/sqlite'));
  expect(existsSync(path.join(migrations, '0005-visits.sql'))).toBe(false);
});
