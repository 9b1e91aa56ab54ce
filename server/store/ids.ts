import { randomFillSync } from 'node:crypto';

// Random bytes are drawn a page at a time: one call to the system per 409 ids.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomTen(): Buffer {
  if (poolOffset + 10 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += 10;
  return pool.subarray(poolOffset - 10, poolOffset);
}

/**
 * A new message id: a UUID version 7 (RFC 9562), whose first 48 bits are the time in ms, so
 * ids sort by arrival and a listing reads in order; the other 74 bits are random.
 */
export function newMessageId(now: number = Date.now()): string {
  return uuid7(now, undefined);
}

let lastSequential = { ms: 0, sequence: 0 };

/**
 * An id like a message's whose order follows the order of the calls in this process, even
 * within one millisecond (RFC 9562's counter in `rand_a`): the owner's audit list reads in
 * the order things happened. Its time is `now`, or the last one's when the clock went back.
 */
export function newSequentialId(now: number = Date.now()): string {
  const { ms, sequence } = lastSequential;
  lastSequential =
    now > ms
      ? { ms: now, sequence: 0 }
      : sequence < 0xfff
        ? { ms, sequence: sequence + 1 }
        : { ms: ms + 1, sequence: 0 };
  return uuid7(lastSequential.ms, lastSequential.sequence);
}

/** A UUID version 7 of `ms`, with `sequence` (12 bits) in `rand_a` when given. */
function uuid7(ms: number, sequence: number | undefined): string {
  const bytes = Buffer.alloc(16);
  randomTen().copy(bytes, 6);
  if (sequence !== undefined) bytes.writeUInt16BE(sequence, 6);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The shape of a message id, for checking ids typed by the owner. */
export const MESSAGE_ID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
