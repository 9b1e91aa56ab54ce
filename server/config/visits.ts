/** Whether and how the pages' beacon is counted, and how long the counts are kept. */
import { z } from 'zod';
import { emptyToUndefined, trueOrFalse, wholeNumber } from './values.ts';

export const visitSettings = {
  /** Count visits (page views, visitors, clicks) from the pages' beacon: true (default) or false. */
  VISITS_ENABLED: z.preprocess(emptyToUndefined, trueOrFalse('true')),
  /** Days of visit counts kept, today included; older days are deleted. Default 400. */
  VISITS_RETENTION_DAYS: z.preprocess(emptyToUndefined, wholeNumber(1).default(400)),
  /** Beacons counted per client address a minute; default 60; 0 turns the limit off. */
  VISITS_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, wholeNumber(0).default(60)),
  /** Beacons counted a second over all visitors; default 500; 0 turns the limit off. */
  VISITS_MAX_PER_SECOND: z.preprocess(emptyToUndefined, wholeNumber(0).default(500)),
  /** How often each instance writes its visit counts, in ms; default 10000. */
  VISITS_FLUSH_MS: z.preprocess(emptyToUndefined, wholeNumber(100).default(10_000)),
};
