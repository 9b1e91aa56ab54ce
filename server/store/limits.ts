/** The store's own limits. */

/** Messages waiting for their commit at most, by default: past it, a stalled store refuses. */
export const DEFAULT_QUEUE_LIMIT = 1024;

/**
 * Delivery attempts of one message at most: past them it is marked dead for the owner,
 * even when no attempt ever finished (a message that makes the process stop while it is
 * sent would otherwise be claimed again after every restart, for ever).
 */
export const MAX_DELIVERY_ATTEMPTS = 25;
