// After `tsc -p tsconfig.server.json`: the server's files that are not code (the store's
// schema files, server/**/*.sql) go beside the compiled code, which reads them at start.
// Argument: the compiler's outDir (default build/server).
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';

const from = 'server';
const to = path.join(process.argv[2] ?? path.join('build', 'server'), 'server');
let copied = 0;
for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.sql')) continue;
  const source = path.join(entry.parentPath, entry.name);
  cpSync(source, path.join(to, path.relative(from, source)));
  copied += 1;
}
console.log(`server files: ${copied} schema files copied to ${to}`);
