/**
 * wrk, the load generator of the static-file benchmark: a C program that keeps up with the
 * server on one thread. (autocannon, in Node, spent most of a core reading bodies and capped
 * the figures at about 48 MB/s whatever the server did.) Debian's package `wrk`; installed
 * when missing and the benchmark runs as root, as `npm test` installs Chromium.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  bytes: number;
  /** Connect, read, write and timeout errors. */
  errors: number;
  /** Answers with a status of 400 or more. */
  failedStatus: number;
  /** Latencies in milliseconds. */
  latency: { p50: number; p90: number; p99: number; max: number; mean: number };
}

const MARK = 'WRK_RESULT ';

/** Prints the figures as one JSON line at the end of the run (latencies in microseconds). */
const REPORT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('${MARK}{"requests":%d,"durationUs":%d,"bytes":%d,"errors":%d,"status":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%f}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.timeout,
    e.status, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, latency.mean))
end
`;

function findWrk(): string | undefined {
  for (const candidate of ['/usr/bin/wrk', '/usr/local/bin/wrk']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('which', ['wrk'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/** The wrk program, installed with apt-get when missing and allowed; otherwise says how. */
export function wrkPath(): string {
  const found = findWrk();
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('→ Installing wrk, the load generator (apt-get install wrk)…');
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findWrk();
    if (installed) return installed;
  }
  throw new Error(
    'The server benchmark needs wrk, the load generator.\n' +
      '  - On Debian or Ubuntu: sudo apt-get install wrk   (the benchmark does it when run as root)',
  );
}

export interface WrkOptions {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
}

/** Runs wrk on one thread and returns its figures. */
export function wrk({ url, connections, duration, headers = {} }: WrkOptions): WrkResult {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'report.lua');
  writeFileSync(script, REPORT);
  try {
    const args = ['-t1', `-c${connections}`, `-d${duration}s`, '-s', script];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    const output = execFileSync(wrkPath(), [...args, url], { encoding: 'utf8' });
    const line = output.split('\n').find((text) => text.startsWith(MARK));
    if (!line) throw new Error(`wrk printed no result:\n${output}`);
    const raw = JSON.parse(line.slice(MARK.length)) as Record<string, number>;
    const ms = (us: number | undefined) => Math.round((us ?? Number.NaN) / 10) / 100;
    const requests = raw.requests ?? 0;
    return {
      requests,
      requestsPerSecond: Math.round(requests / ((raw.durationUs ?? Number.NaN) / 1e6)),
      bytes: raw.bytes ?? 0,
      errors: raw.errors ?? 0,
      failedStatus: raw.status ?? 0,
      latency: {
        p50: ms(raw.p50),
        p90: ms(raw.p90),
        p99: ms(raw.p99),
        max: ms(raw.max),
        mean: ms(raw.mean),
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
