// Where PostgreSQL's server programs are, for `npm test` (which installs them when they are
// missing) and for the tests' throwaway cluster (which runs them). Plain JavaScript with no
// dependencies: it runs before anything is installed.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/**
 * The folder with initdb, pg_ctl and postgres: Debian's /usr/lib/postgresql/<major>/bin,
 * newest major first, else a folder on the PATH that has all three; undefined when none has.
 */
export function findPostgresPrograms() {
  const debian = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .filter((entry) => /^\d+$/.test(entry))
        .sort((a, b) => Number(b) - Number(a))
        .map((major) => path.join(DEBIAN_ROOT, major, 'bin'))
    : [];
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return [...debian, ...onPath].find((dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((program) => existsSync(path.join(dir, program))),
  );
}
