/**
 * Every operation that writes, by name: what an engine runs in a write transaction. The
 * SQLite engine sends the name and the arguments to its writer thread, which runs the
 * operation there; PostgreSQL runs it on one connection of its pool.
 */
import type { Plan } from '../sql/plan.ts';
import { probeWrite } from './health.ts';
import { accept, forgetExpired, forgetKeySalt } from '../../intake/repository.ts';
import {
  claim,
  pauseDelivery,
  recordDead,
  recordRetry,
  recordSent,
  renewLease,
  resumeDelivery,
  claimDigest,
} from '../../mail/repository.ts';
import {
  forgetVisits,
  offerVisitSalt,
  recordVisits,
  shareVisitSalt,
  visitHeartbeat,
} from '../../visits/repository.ts';
import { claimNotifications } from '../../notify/repository.ts';
import { complete, giveUp, releaseClaims, retryLater } from '../../jobs/repository.ts';
import {
  addPasskey,
  audit,
  countAttempt,
  endSession,
  enrol,
  forgetExpired as forgetExpiredAccess,
  issueTicket,
  removePasskey,
  signIn,
  takeTicket,
  touchSession,
  usePasskey,
} from '../../owner/access-repository.ts';
import {
  forgetSender,
  markRead,
  markSpam,
  purge,
  retry,
  retryAllDead,
} from '../../owner/repository.ts';

export const WRITES = {
  accept,
  forgetExpired,
  forgetKeySalt,
  claim,
  renewLease,
  recordSent,
  recordRetry,
  recordDead,
  releaseClaims,
  pauseDelivery,
  resumeDelivery,
  claimDigest,
  probeWrite,
  retry,
  retryAllDead,
  purge,
  forgetSender,
  recordVisits,
  visitHeartbeat,
  offerVisitSalt,
  shareVisitSalt,
  forgetVisits,
  markSpam,
  markRead,
  issueTicket,
  takeTicket,
  enrol,
  signIn,
  addPasskey,
  usePasskey,
  removePasskey,
  touchSession,
  endSession,
  audit,
  countAttempt,
  forgetExpiredAccess,
  claimNotifications,
  completeJob: complete,
  retryJobLater: retryLater,
  giveUpJob: giveUp,
} satisfies Record<string, (...args: never[]) => Plan<unknown>>;

export type Writes = typeof WRITES;
export type WriteName = keyof Writes;
/** What a write resolves with. */
export type WriteResult<K extends WriteName> =
  ReturnType<Writes[K]> extends Plan<infer T> ? T : never;

/** The plan of a write, by name: the names cross threads, the plans do not. */
export function writePlan<K extends WriteName>(
  name: K,
  args: Parameters<Writes[K]>,
): Plan<WriteResult<K>> {
  if (!Object.hasOwn(WRITES, name)) throw new Error(`No such write: ${name}`);
  const make = WRITES[name] as (...args: Parameters<Writes[K]>) => Plan<WriteResult<K>>;
  return make(...args);
}
