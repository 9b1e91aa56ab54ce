/**
 * `npm run bench:server`: load on the real server serving the built site over loopback, as a
 * browser asks (`Accept-Encoding: br`): the home page (prerendered HTML) and a hashed asset
 * (the client entry's script), each at 50 connections. Prints requests/s and latency beside
 * their budgets (bench/budgets.json) and writes bench/results/server.json.
 *
 *   npm run build && npm run bench:server [-- --connections N --duration S]
 *
 * The load generator (wrk, on one thread: bench/wrk.ts) runs on the same machine as the
 * server, so the figures are those of a server sharing its cores with its clients. Each target
 * gets a short warm-up first, unmeasured, so the figures are the server's steady state rather
 * than its compiler's first seconds.
 */
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { waitForQuietProcessors } from './quiet.ts';
import { finish } from './results.ts';
import { serveBuild } from './serve-build.ts';
import { wrk, wrkPath } from './wrk.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const warmup = Number(values.warmup);

const entry = readdirSync(path.resolve('build/client/assets')).find((name) =>
  /^entry\.client-.*\.js$/.test(name),
);
if (!entry) throw new Error('No client entry in build/client/assets: run `npm run build` first.');
const TARGETS = [
  { name: 'page', path: '/' },
  { name: 'asset', path: `/assets/${entry}` },
] as const;
const HEADERS = { 'accept-encoding': 'br' };

wrkPath();
// The latency tail is the first figure other work on this machine lengthens.
await waitForQuietProcessors('the latencies');
const server = await serveBuild();
const figures: Record<string, number> = {};
const measured = [];
try {
  for (const target of TARGETS) {
    const probe = await fetch(`${server.url}${target.path}`, { headers: HEADERS });
    const encoding = probe.headers.get('content-encoding');
    const bytes = (await probe.arrayBuffer()).byteLength;
    if (!probe.ok || encoding !== 'br') {
      throw new Error(
        `${target.path} answered ${probe.status} with content-encoding ${encoding ?? 'none'}; expected 200 with br`,
      );
    }
    const run = { url: `${server.url}${target.path}`, connections, headers: HEADERS };
    if (warmup > 0) wrk({ ...run, duration: warmup });
    console.log(`${target.path}: ${connections} connections for ${duration} s, br…`);
    const result = wrk({ ...run, duration });
    const rps = result.requestsPerSecond;
    const failed = result.failedStatus + result.errors;
    figures[`server.${target.name}.rps`] = failed === 0 ? rps : Number.NaN;
    figures[`server.${target.name}.p99`] = result.latency.p99;
    measured.push({
      path: target.path,
      contentEncoding: encoding,
      bodyBytes: bytes,
      requestsPerSecond: rps,
      latencyMs: result.latency,
      requests: result.requests,
      failedStatus: result.failedStatus,
      errors: result.errors,
    });
    console.log(
      `  ${rps} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `${result.failedStatus} failed, ${result.errors} errors (load average ${os.loadavg()[0]?.toFixed(2)})`,
    );
  }
} finally {
  await server.close();
}

finish({
  name: 'server',
  figures,
  details: {
    loadGenerator: 'wrk, one thread',
    connections,
    durationSeconds: duration,
    warmupSeconds: warmup,
    acceptEncoding: 'br',
    targets: measured,
  },
});
