/**
 * A real PostgreSQL for tests: a throwaway cluster in a temporary folder, listening on a
 * free loopback port, or the server that TEST_DATABASE_URL names. Each test file takes its
 * own fresh database on it, so files run in parallel on one cluster.
 *
 * The cluster keeps the durability settings of production (fsync and synchronous_commit
 * on): tests check that an acknowledged message survives. Only initdb skips its own fsync,
 * which costs nothing that a test could notice. PostgreSQL refuses to run as root, so as
 * root the server runs as the `postgres` user that Debian's package creates.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { appendFile, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { findPostgresPrograms } from '../../scripts/postgres-programs.mjs';
import { freePort } from './smtp-sink.ts';

export interface PostgresCluster {
  /** A superuser's URL to the `postgres` database, e.g. postgres://postgres@127.0.0.1:PORT/postgres. */
  adminUrl: string;
  /** Stops the server (fast shutdown) and removes its folder; nothing for TEST_DATABASE_URL. */
  stop: () => Promise<void>;
}

export interface TestDatabase {
  /** The URL of the fresh database, on the same server and with the same user as the admin URL. */
  url: string;
  /** Drops the database, closing whatever connections are still open to it. */
  drop: () => Promise<void>;
}

/** The user that owns the cluster when the tests run as root. */
const SERVER_USER = 'postgres';
const START_ATTEMPTS = 3;

class CommandError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

/** Runs a program, resolving with its output, or rejecting with its output in the error. */
function runCommand(file: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) => {
      const output = `${stdout}${stderr}`.trim();
      if (!error) resolve(output);
      else {
        const status = error.killed ? `was stopped (${error.signal})` : `exited with ${error.code}`;
        reject(new CommandError(`${[file, ...args].join(' ')} ${status}`, output));
      }
    });
  });
}

/** The folder with PostgreSQL's server programs, or an error that says what to install. */
function findServerBinaries(): string {
  const found = findPostgresPrograms();
  if (!found) {
    throw new Error(
      [
        "The store's tests need PostgreSQL's server programs (initdb, pg_ctl, postgres), and none were found",
        '  in /usr/lib/postgresql/<version>/bin or on the PATH.',
        '  - On Debian or Ubuntu: sudo apt-get install postgresql   (npm test does it when run as root)',
        '  - Or point TEST_DATABASE_URL at a PostgreSQL server where the user may create databases.',
      ].join('\n'),
    );
  }
  return found;
}

function shellQuote(arg: string): string {
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

interface ServerUser {
  /** Runs a program as the user that owns the cluster. */
  run: (program: string, args: readonly string[]) => Promise<string>;
  /** The same, synchronously, for the last moment of a process that exits. */
  runSync: (program: string, args: readonly string[]) => void;
  /** Gives a folder to that user. */
  own: (dir: string) => Promise<void>;
}

/** The current user, or the `postgres` user when this process is root. */
function serverUser(): ServerUser {
  if (process.getuid?.() !== 0) {
    return {
      run: runCommand,
      runSync: (program, args) => execFileSync(program, args, { stdio: 'ignore' }),
      own: async () => {},
    };
  }
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', SERVER_USER], { encoding: 'utf8' }));
    gid = Number(execFileSync('id', ['-g', SERVER_USER], { encoding: 'utf8' }));
  } catch {
    throw new Error(
      [
        `PostgreSQL refuses to run as root, and there is no "${SERVER_USER}" user to run it as.`,
        '  - On Debian or Ubuntu: apt-get install postgresql (its package creates that user).',
        '  - Or run the tests as another user, or set TEST_DATABASE_URL.',
      ].join('\n'),
    );
  }
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find(existsSync);
  const su = ['/usr/bin/su', '/bin/su'].find(existsSync);
  const command = (program: string, args: readonly string[]): [string, string[]] => {
    if (runuser) return [runuser, ['-u', SERVER_USER, '--', program, ...args]];
    if (su) {
      const line = [program, ...args].map(shellQuote).join(' ');
      return [su, [SERVER_USER, '-s', '/bin/sh', '-c', line]];
    }
    throw new Error(
      `Running PostgreSQL as "${SERVER_USER}" needs runuser or su, and neither was found.`,
    );
  };
  return {
    run: (program, args) => runCommand(...command(program, args)),
    runSync: (program, args) => {
      const [file, fileArgs] = command(program, args);
      execFileSync(file, fileArgs, { stdio: 'ignore' });
    },
    own: (dir) => chown(dir, uid, gid),
  };
}

/** Connects, runs one function, and disconnects. */
async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function logTail(logFile: string, lines = 30): string {
  try {
    return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(the server wrote no log)';
  }
}

async function useExistingServer(url: string): Promise<PostgresCluster> {
  try {
    await withClient(url, (client) => client.query('SELECT 1'));
  } catch (error) {
    throw new Error(
      `TEST_DATABASE_URL is set, but its server could not be reached: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return { adminUrl: url, stop: async () => {} };
}

/** Settings appended to postgresql.conf; the later of two settings wins. */
function serverSettings(socketDir: string): string {
  return [
    '',
    '# Throwaway test cluster: loopback only, and the durability of production.',
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${socketDir.replaceAll("'", "''")}'`,
    'fsync = on',
    'synchronous_commit = on',
    'full_page_writes = on',
    // Test files in parallel, each with a pool, and several server processes at once.
    'max_connections = 200',
    '',
  ].join('\n');
}

/**
 * Starts a throwaway PostgreSQL cluster in a temporary folder on a free loopback port (or
 * uses the server that TEST_DATABASE_URL names, and then stop() does nothing). The cluster
 * trusts every loopback connection and has the superuser `postgres`.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const existing = process.env.TEST_DATABASE_URL;
  if (existing) return useExistingServer(existing);

  const bin = findServerBinaries();
  const user = serverUser();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'postgres-test-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const pgCtl = path.join(bin, 'pg_ctl');
  const remove = () => rm(dir, { recursive: true, force: true });
  // A run that ends without its teardown (an uncaught error, process.exit) still stops
  // the server and removes the folder; exit handlers can only do it synchronously.
  const stopAtExit = () => {
    try {
      user.runSync(pgCtl, ['stop', '--silent', '-m', 'immediate', '-D', dataDir]);
    } catch {
      // Not running: nothing to stop.
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await user.own(dir);
    await user.run(path.join(bin, 'initdb'), [
      '--pgdata',
      dataDir,
      '--username',
      'postgres',
      '--auth',
      'trust',
      '--encoding',
      'UTF8',
      '--locale',
      'C',
      '--no-sync',
    ]);
    await appendFile(path.join(dataDir, 'postgresql.conf'), serverSettings(dir));
    await writeFile(
      path.join(dataDir, 'pg_hba.conf'),
      'local all all trust\nhost all all 127.0.0.1/32 trust\n',
    );
    process.once('exit', stopAtExit);

    let adminUrl = '';
    for (let attempt = 1; !adminUrl; attempt++) {
      // The port is free when probed; another process may take it before the server
      // binds it, so a failed bind is tried again on another port.
      const port = await freePort();
      try {
        await user.run(pgCtl, [
          'start',
          '--wait',
          '--timeout',
          '60',
          '--silent',
          '-D',
          dataDir,
          '-l',
          logFile,
          '-o',
          `-p ${port}`,
        ]);
        adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
      } catch (error) {
        if (attempt < START_ATTEMPTS && /could not bind/i.test(logTail(logFile, 10))) continue;
        throw error;
      }
    }
    await withClient(adminUrl, (client) => client.query('SELECT 1'));

    let stopping: Promise<void> | undefined;
    const stop = async () => {
      process.removeListener('exit', stopAtExit);
      try {
        await user.run(pgCtl, ['stop', '--wait', '--silent', '-m', 'fast', '-D', dataDir]);
      } finally {
        await remove();
      }
    };
    return { adminUrl, stop: () => (stopping ??= stop()) };
  } catch (error) {
    const output = error instanceof CommandError && error.output ? `\n${error.output}` : '';
    const log = logTail(logFile);
    const hint =
      process.getuid?.() === 0
        ? `\nAs root, the server runs as "${SERVER_USER}", which must be able to reach ${dir}.`
        : '';
    process.removeListener('exit', stopAtExit);
    stopAtExit();
    throw new Error(
      `The test PostgreSQL cluster did not start: ${(error as Error).message}${output}${hint}\n` +
        `Its log ends with:\n${log}`,
      { cause: error },
    );
  }
}

/**
 * A fresh database with a unique name on the server of `adminUrl`, whose user must be
 * allowed to create databases.
 */
export async function createTestDatabase(adminUrl: string): Promise<TestDatabase> {
  // Lower case letters, digits and underscores: an identifier that needs no quoting.
  const name = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      await withClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
