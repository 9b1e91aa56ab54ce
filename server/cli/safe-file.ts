/**
 * Files the owner's command writes (exports, backups): each is written under a temporary
 * name beside its destination and takes the name only once it is complete, so an
 * interrupted command never leaves half a file under the name. They hold visitors' messages
 * and addresses, so they are readable by their owner alone (0600), whatever the umask.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

const MODE = 0o600;
/** Lines are gathered up to this many characters before each write, not written one by one. */
const CHUNK = 64 * 1024;

/** Thrown when a file that must be new has a name already taken. */
export class FileExistsError extends Error {
  constructor(readonly file: string) {
    super(`${file} exists already; give a new file name.`);
  }
}

/**
 * A fresh temporary file beside `target`, created here (never one that was there, nor
 * reached through a link someone left under its name) and readable by its owner alone.
 */
async function createTemporary(target: string) {
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    return { temporary, handle: await open(temporary, 'wx', MODE) };
  } catch (error) {
    // Node's message would name the temporary file, which the owner never asked for.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`Cannot write ${target}: the folder ${path.dirname(target)} does not exist.`);
    }
    throw error;
  }
}

export interface FileInProgress {
  /** Adds a line (its line break is added). */
  write: (line: string) => void;
  /** Puts the complete file in place; resolves to its absolute path. */
  finish: () => Promise<string>;
  /** Gives up: the temporary file goes, the destination stays as it was. */
  abort: () => Promise<void>;
}

/**
 * A file written line by line that replaces `file` in one step once it is complete (an
 * export written again overwrites the last one).
 */
export async function replaceFile(file: string): Promise<FileInProgress> {
  const target = path.resolve(file);
  const { temporary, handle } = await createTemporary(target);
  let chunk = '';
  let pending: Promise<unknown> = Promise.resolve();
  // The first failed write, kept for finish() to report: left in the chain unhandled, it
  // would end the process before the command could clean up.
  let failure: { error: unknown } | undefined;
  const flush = () => {
    const text = chunk;
    chunk = '';
    pending = pending
      .then(() => (failure ? undefined : handle.write(text)))
      .catch((error: unknown) => {
        failure ??= { error };
      });
  };
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  const abort = async () => {
    await pending;
    await close().catch(() => undefined);
    await rm(temporary, { force: true });
  };
  return {
    write: (line) => {
      chunk += `${line}\n`;
      if (chunk.length > CHUNK) flush();
    },
    async finish() {
      flush();
      try {
        await pending;
        if (failure) throw failure.error;
        await handle.sync();
        await close();
        await rename(temporary, target);
      } catch (error) {
        await abort();
        throw error;
      }
      return target;
    },
    abort,
  };
}

/**
 * A new file that `fill` writes by its temporary path (a database engine's backup, which
 * opens the file itself). It takes the name only if no file has it, even one made while
 * `fill` ran: an existing file is never overwritten. Resolves to its absolute path.
 */
export async function writeNewFile(
  file: string,
  fill: (temporary: string) => Promise<void>,
): Promise<string> {
  const target = path.resolve(file);
  // Checked first as well, so that a long copy is not made only to be refused.
  if (existsSync(target)) throw new FileExistsError(target);
  const { temporary, handle } = await createTemporary(target);
  await handle.close();
  try {
    await fill(temporary);
    await placeNew(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return target;
}

/** Gives `temporary` the name `target` unless that is taken. */
async function placeNew(temporary: string, target: string): Promise<void> {
  try {
    // A hard link fails when the name exists, where a rename would replace the file.
    await link(temporary, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new FileExistsError(target);
    // A file system without hard links: the check and the rename are two steps there.
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code ?? '')) throw error;
    if (existsSync(target)) throw new FileExistsError(target);
    await rename(temporary, target);
    return;
  }
  await rm(temporary);
}
