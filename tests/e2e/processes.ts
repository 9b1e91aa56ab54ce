/** Commands and folders for the deploy tests: an install, nginx, a second build. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface CommandResult {
  code: number | null;
  /** Standard output and error, interleaved. */
  output: string;
  stdout: string;
}

/** Runs a command to its end and collects what it wrote. */
export function runCommand(
  command: string,
  args: readonly string[],
  { cwd = root, env = process.env }: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output, stdout }));
  });
}

/** A temporary folder (in `parent`, default the system's) and its removal. */
export function tempFolder(
  prefix: string,
  parent = os.tmpdir(),
): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(parent, prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
