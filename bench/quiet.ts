/**
 * Waits for the processors to fall quiet before a benchmark measures: work left over on this
 * machine (a benchmark that just ended, its browsers, a build) lengthens every latency tail
 * and every blocking-time figure. Two minutes at most; says when it waited, and when the
 * processors stayed busy, what that does to `affected`.
 */
import os from 'node:os';

const QUIET_SHARE = 0.2;
const QUIET_WAIT_MS = 120_000;

/** The share of processor time in use over the next two seconds, all cores together. */
async function busyShare(): Promise<number> {
  const total = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const { idle, user, nice, sys, irq } = cpu.times;
        return { idle: sum.idle + idle, all: sum.all + idle + user + nice + sys + irq };
      },
      { idle: 0, all: 0 },
    );
  const before = total();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = total();
  const all = after.all - before.all;
  return all > 0 ? 1 - (after.idle - before.idle) / all : 0;
}

export async function waitForQuietProcessors(affected: string): Promise<void> {
  const waitStarted = Date.now();
  let busy = await busyShare();
  while (busy > QUIET_SHARE && Date.now() - waitStarted < QUIET_WAIT_MS) busy = await busyShare();
  if (busy > QUIET_SHARE) {
    console.log(
      `⚠ the processors are ${Math.round(busy * 100)}% busy with other work: ${affected} read ` +
        'longer than on a quiet machine.',
    );
  } else if (Date.now() - waitStarted > 3000) {
    console.log(
      `(waited ${Math.round((Date.now() - waitStarted) / 1000)} s for other work to end)`,
    );
  }
}
