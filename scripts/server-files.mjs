// After `tsc -p tsconfig.server.json`: the server's files that are not code (the store's
// schema files, server/**/*.sql) go beside the compiled code, which reads them at start.
// The output folder is built again in place, so a schema file there that is no longer in
// the source (renamed or removed) is removed: the server would read it as a version too.
// Argument: the compiler's outDir (default build/server).
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const from = 'server';
const to = path.join(process.argv[2] ?? path.join('build', 'server'), 'server');

/** The .sql files under `folder`, relative to it. */
function schemaFiles(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.sql'))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

const sources = schemaFiles(from);
let removed = 0;
for (const file of schemaFiles(to)) {
  if (sources.includes(file)) continue;
  rmSync(path.join(to, file));
  removed += 1;
}
for (const file of sources) cpSync(path.join(from, file), path.join(to, file));
console.log(
  `server files: ${sources.length} schema files copied to ${to}` +
    (removed > 0 ? `, ${removed} no longer in the source removed` : ''),
);
