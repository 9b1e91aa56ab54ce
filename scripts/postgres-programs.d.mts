/**
 * The folder with initdb, pg_ctl and postgres: Debian's /usr/lib/postgresql/<major>/bin,
 * newest major first, else a folder on the PATH that has all three; undefined when none has.
 */
export function findPostgresPrograms(): string | undefined;
