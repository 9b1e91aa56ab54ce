#!/usr/bin/env node
/**
 * The owner's command on a production install (package.json "bin"):
 * `npx portfolio-feedback list`, the same as `npm run feedback -- list` in a checkout.
 */
import { runFeedbackCli } from './feedback.ts';

process.exitCode = await runFeedbackCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  now: Date.now,
});
