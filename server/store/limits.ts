/** The store's own limits, and the window its cleanup keeps the caps' entries for. */

/** Messages waiting for their commit at most, by default: past it, a stalled store refuses. */
export const DEFAULT_QUEUE_LIMIT = 1024;

/** The longest window of any acceptance cap: entries older than that count against none. */
export const LONGEST_CAP_WINDOW_MS = 60 * 60 * 1000;
