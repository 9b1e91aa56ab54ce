/**
 * `npm run bench:api`: load on POST /api/sendMail over loopback.
 *
 * Starts the real server as its own process (synchronous=FULL store in a temporary folder,
 * rate limit off, mail delivery on to a local SMTP sink), runs autocannon at 50 connections
 * for 20 s with valid payloads (each with its own Idempotency-Key, as the form sends them),
 * stops the server gracefully, then counts the stored rows against the 2xx answers.
 * Prints the figures beside their budgets (bench/budgets.json) and writes them to
 * bench/results/api.json.
 *
 * Options: --connections N (50), --duration S (20), --store sqlite|postgres (sqlite: the
 * file in a temporary folder; postgres: a fresh database on a throwaway local cluster, or
 * on TEST_DATABASE_URL's server), --instances N (1; several share the PostgreSQL database,
 * and the connections go round-robin to them). Other than SQLite with one instance, the
 * figures go to bench/results/api-<store>-<instances>.json.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { STORE_FILE } from '../server/store/sqlite/connection.ts';
import { writeFakeSite } from '../tests/server/fake-site.ts';
import { tempDir } from '../tests/server/helpers.ts';
import { createTestDatabase, startPostgresCluster } from '../tests/server/postgres.ts';
import { startServerProcess, type ServerProcess } from '../tests/server/server-process.ts';
import { SmtpSink } from '../tests/server/smtp-sink.ts';
import { autocannon } from './autocannon.ts';
import { finish } from './results.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    store: { type: 'string', default: 'sqlite' },
    instances: { type: 'string', default: '1' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const storeEngine = values.store;
const instances = Number(values.instances);
if (storeEngine !== 'sqlite' && storeEngine !== 'postgres') {
  throw new Error('--store is sqlite or postgres');
}
if (!Number.isInteger(instances) || instances < 1 || (storeEngine === 'sqlite' && instances > 1)) {
  throw new Error('--instances is a whole number above 0, and above 1 only with --store postgres');
}
/** The origin the pages are served from: every instance takes feedback from it. */
const ORIGIN = 'http://bench.test';

const APP_NAMES = ['EchoExpense', 'RecipeRealm'];
const root = fileURLToPath(new URL('..', import.meta.url));

/** Compiles the server as the build does, into node_modules/.cache (so packages resolve). */
function compileServer(): string {
  const outDir = path.join(root, 'node_modules/.cache/bench-api-server');
  console.log('Compiling the server…');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.server.json',
      '--outDir',
      outDir,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  execFileSync(process.execPath, [path.join(root, 'scripts/server-files.mjs'), outDir], {
    cwd: root,
    stdio: 'inherit',
  });
  return path.join(outDir, 'server/main.js');
}

async function main(): Promise<void> {
  const compiledMain = compileServer();
  const { dir, remove } = tempDir('feedback-bench-');
  const sink = await SmtpSink.start();
  const dataDir = path.join(dir, 'data');
  const siteDir = path.join(dir, 'site');
  const cluster = storeEngine === 'postgres' ? await startPostgresCluster() : undefined;
  const database = cluster ? await createTestDatabase(cluster.adminUrl) : undefined;
  const servers: ServerProcess[] = [];
  try {
    writeFakeSite(siteDir, { publicUrl: ORIGIN, appNames: APP_NAMES });
    const start = (index: number) =>
      startServerProcess(
        {
          DATA_DIR: `${dataDir}-${index}`,
          ...(database ? { DATABASE_URL: database.url } : {}),
          PUBLIC_URL: ORIGIN,
          SITE_DIR: siteDir,
          FEEDBACK_RATE_LIMIT_PER_MINUTE: '0',
          // The load comes from one address and far exceeds a real hour's feedback.
          FEEDBACK_RATE_LIMIT_PER_HOUR: '0',
          FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: '0',
          FEEDBACK_MAX_PER_HOUR: '0',
          SMTP_URL: sink.url,
          MAIL_TO: 'owner@bench.test',
          MAIL_FROM: 'Portfolio <feedback@bench.test>',
          LOG_LEVEL: 'info',
        },
        // The log is written as in production, to a file descriptor nobody here has to read.
        { compiledMain, discardLog: true },
      );
    for (let index = 1; index <= instances; index++) servers.push(await start(index));

    let counter = 0;
    const acknowledged: string[] = [];
    const body = JSON.stringify({
      appName: 'EchoExpense',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      message: 'The reminders work well.\nOne request: a weekly summary on Mondays, please.',
    });
    console.log(
      `POST /api/sendMail: ${connections} connections for ${duration} s on ${os.cpus().length} CPUs, ` +
        `${instances} instance${instances > 1 ? 's' : ''} on ${storeEngine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}…`,
    );
    const result = await autocannon({
      url: servers.length === 1 ? (servers[0]?.url ?? '') : servers.map((server) => server.url),
      connections,
      duration,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            method: 'POST',
            path: '/api/sendMail',
            headers: {
              'content-type': 'application/json',
              origin: ORIGIN,
              'idempotency-key': `bench-${process.pid}-${(counter += 1)}`,
            },
            body,
          }),
          onResponse: (status, responseBody) => {
            if (status === 202) acknowledged.push((JSON.parse(responseBody) as { id: string }).id);
          },
        },
      ],
    });

    for (const server of servers) server.child.kill('SIGTERM');
    const exits = await Promise.all(servers.map((server) => server.exited));
    const exit = exits.every((code) => code === 0) ? 0 : exits.join(',');

    const { stored, acknowledgedStored, integrity } = database
      ? await countPostgres(database.url, acknowledged)
      : countSqlite(path.join(`${dataDir}-1`, STORE_FILE), acknowledged);
    // Not read back here: the server refuses a store whose commits are not durable.
    const synchronous = database ? 'synchronous_commit=on' : 'FULL';

    const accepted = result['2xx'];
    // Requests still in flight when the load stops are stored, but their answers are never
    // read: at most one per connection.
    const inFlightAtStop = stored - acknowledgedStored;
    const figures = {
      date: new Date().toISOString(),
      command: `npm run bench:api -- --store ${storeEngine} --instances ${instances}`,
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        node: process.version,
      },
      settings: {
        store: storeEngine,
        instances,
        connections,
        durationSeconds: duration,
        synchronous,
        rateLimit: 'off',
        mail: 'on (local SMTP sink)',
      },
      requestsPerSecond: Math.round(result.requests.average),
      acceptedPerSecond: Math.round(accepted / result.duration),
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
        average: result.latency.average,
      },
      requests: result.requests.total,
      responses2xx: accepted,
      responsesNon2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      storedRows: stored,
      acknowledgedIdsStored: acknowledgedStored,
      everyAcknowledgedIdStored:
        acknowledgedStored === accepted && acknowledged.length === accepted,
      storedInFlightAtStop: inFlightAtStop,
      loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
      mailsDelivered: sink.received.length,
      integrityCheck: integrity,
      serverExit: exit,
    };

    console.log(
      `requests/s      ${figures.requestsPerSecond} (accepted/s ${figures.acceptedPerSecond})`,
    );
    console.log(`latency p50     ${figures.latencyMs.p50} ms`);
    console.log(`latency p99     ${figures.latencyMs.p99} ms (max ${figures.latencyMs.max} ms)`);
    console.log(`2xx / non-2xx   ${accepted} / ${result.non2xx}`);
    console.log(`errors          ${result.errors} (time-outs ${result.timeouts})`);
    console.log(
      `stored rows     ${stored}: ${acknowledgedStored} of the ${accepted} acknowledged ids, ` +
        `+ ${inFlightAtStop} in flight when the load stopped`,
    );
    console.log(`integrity       ${integrity}`);
    console.log(`mails delivered ${sink.received.length} (hourly cap applies)`);
    console.log(`load average    ${figures.loadAverage.join(' ')} (other work on this machine)`);
    // SQLite with one instance is the run with budgets; the others are figures to compare.
    const name =
      storeEngine === 'sqlite' && instances === 1 ? 'api' : `api-${storeEngine}-${instances}`;
    finish({
      name,
      figures: {
        [`${name}.accepted-rps`]: figures.acceptedPerSecond,
        [`${name}.p99`]: figures.latencyMs.p99,
        [`${name}.unstored`]: accepted - acknowledgedStored,
      },
      details: figures,
    });
    const lost =
      !figures.everyAcknowledgedIdStored || inFlightAtStop < 0 || inFlightAtStop > connections;
    if (lost || integrity !== 'ok') process.exitCode = 1;
  } finally {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await sink.close();
    await database?.drop();
    await cluster?.stop();
    remove();
  }
}

/** Rows stored, and how many of the acknowledged ids are among them. */
function countSqlite(file: string, acknowledged: readonly string[]) {
  const db = new Database(file, { readonly: true });
  try {
    const stored = (db.prepare('SELECT count(*) AS n FROM messages').get() as { n: number }).n;
    const has = db.prepare<[string], { id: string }>('SELECT id FROM messages WHERE id = ?');
    const acknowledgedStored = acknowledged.filter((id) => has.get(id)).length;
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    return { stored, acknowledgedStored, integrity };
  } finally {
    db.close();
  }
}

async function countPostgres(url: string, acknowledged: readonly string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const total = await client.query<{ n: string }>('SELECT count(*) AS n FROM messages');
    const found = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM messages WHERE id = ANY($1)',
      [acknowledged],
    );
    return {
      stored: Number(total.rows[0]?.n ?? 0),
      acknowledgedStored: Number(found.rows[0]?.n ?? 0),
      // PostgreSQL checks its own pages (data checksums); nothing to ask here.
      integrity: 'ok',
    };
  } finally {
    await client.end();
  }
}

await main();
