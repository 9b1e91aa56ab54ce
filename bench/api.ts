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
 * Options: --connections N (50), --duration S (20).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { STORE_FILE } from '../server/store/feedback-store.ts';
import { writeFakeSite } from '../server/test/fake-site.ts';
import { tempDir } from '../server/test/helpers.ts';
import { startServerProcess, type ServerProcess } from '../server/test/server-process.ts';
import { SmtpSink } from '../server/test/smtp-sink.ts';
import { autocannon } from './autocannon.ts';
import { finish } from './results.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);

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
  return path.join(outDir, 'server/main.js');
}

async function main(): Promise<void> {
  const compiledMain = compileServer();
  const { dir, remove } = tempDir('feedback-bench-');
  const sink = await SmtpSink.start();
  const dataDir = path.join(dir, 'data');
  const siteDir = path.join(dir, 'site');
  let server: ServerProcess | undefined;
  try {
    // The manifest's address only feeds canonical links; the server checks Origin against
    // its own PUBLIC_URL.
    writeFakeSite(siteDir, { publicUrl: 'http://127.0.0.1', appNames: APP_NAMES });
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        SITE_DIR: siteDir,
        FEEDBACK_RATE_LIMIT_PER_MINUTE: '0',
        // The load comes from one address and far exceeds a real hour's feedback.
        FEEDBACK_MAX_PER_HOUR: '0',
        SMTP_URL: sink.url,
        MAIL_TO: 'owner@bench.test',
        MAIL_FROM: 'Portfolio <feedback@bench.test>',
        LOG_LEVEL: 'info',
      },
      // The log is written as in production, to a file descriptor nobody here has to read.
      { compiledMain, discardLog: true },
    );

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
      `POST /api/sendMail: ${connections} connections for ${duration} s on ${os.cpus().length} CPUs…`,
    );
    const result = await autocannon({
      url: server.url,
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
              origin: server?.url ?? '',
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

    server.child.kill('SIGTERM');
    const exit = await server.exited;

    const db = new Database(path.join(dataDir, STORE_FILE), { readonly: true });
    const stored = (db.prepare('SELECT count(*) AS n FROM messages').get() as { n: number }).n;
    const has = db.prepare<[string], { id: string }>('SELECT id FROM messages WHERE id = ?');
    const acknowledgedStored = acknowledged.filter((id) => has.get(id)).length;
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    // Not read back here: the server refuses to open a store that is not synchronous=FULL.
    const synchronous = 'FULL';
    db.close();

    const accepted = result['2xx'];
    // Requests still in flight when the load stops are stored, but their answers are never
    // read: at most one per connection.
    const inFlightAtStop = stored - acknowledgedStored;
    const figures = {
      date: new Date().toISOString(),
      command: 'npm run bench:api',
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        node: process.version,
      },
      settings: {
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
    finish({
      name: 'api',
      figures: {
        'api.accepted-rps': figures.acceptedPerSecond,
        'api.p99': figures.latencyMs.p99,
        'api.unstored': accepted - acknowledgedStored,
      },
      details: figures,
    });
    const lost =
      !figures.everyAcknowledgedIdStored || inFlightAtStop < 0 || inFlightAtStop > connections;
    if (lost || integrity !== 'ok') process.exitCode = 1;
  } finally {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await sink.close();
    remove();
  }
}

await main();
