import type { FeedbackStore } from './feedback-store.ts';

/**
 * The store's writes that the server runs on the writer thread, so that neither an fsync
 * nor a wait for the write lock ever stops the event loop. Reads stay on the main thread:
 * in WAL mode they never wait for a writer.
 */
export const WRITE_METHODS = [
  'acceptGroup',
  'claimDue',
  'renewLease',
  'recordSent',
  'recordRetry',
  'recordDead',
  'probeWrite',
  'purgeExpiredKeys',
  'pauseDelivery',
  'resumeDelivery',
  'recordDigest',
] as const;

export type WriteMethod = (typeof WRITE_METHODS)[number];
export type WriteArgs<M extends WriteMethod> = Parameters<FeedbackStore[M]>;
export type WriteResult<M extends WriteMethod> = ReturnType<FeedbackStore[M]>;

export function isWriteMethod(value: unknown): value is WriteMethod {
  return (WRITE_METHODS as readonly unknown[]).includes(value);
}
