/** The store's own limits. */

/** Messages waiting for their commit at most, by default: past it, a stalled store refuses. */
export const DEFAULT_QUEUE_LIMIT = 1024;
