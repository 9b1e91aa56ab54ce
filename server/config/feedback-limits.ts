/**
 * How much feedback is taken, from one sender and from everybody: the rate limits and the
 * hourly caps, and the secret the caps count senders by.
 */
import { z } from 'zod';
import { emptyToUndefined, wholeNumber } from './values.ts';

export const feedbackLimitSettings = {
  /** Accepted messages per client address per minute; default 5; 0 turns the limit off. */
  FEEDBACK_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, wholeNumber(0).default(5)),
  /** Accepted messages per hour over all visitors; default 200; 0 turns the cap off. */
  FEEDBACK_MAX_PER_HOUR: z.preprocess(emptyToUndefined, wholeNumber(0).default(200)),
  /**
   * Accepted messages per minute from one IPv6 /48 network (all its /64s together); default
   * 20; 0 turns the limit off.
   */
  FEEDBACK_RATE_LIMIT_PER_48: z.preprocess(emptyToUndefined, wholeNumber(0).default(20)),
  /**
   * Accepted messages per client address (an IPv4 address or an IPv6 /64) per hour; default
   * 20; at most half of FEEDBACK_MAX_PER_HOUR, so no one sender can take everybody's hour.
   */
  FEEDBACK_RATE_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, wholeNumber(0).default(20)),
  /**
   * Accepted messages per IPv6 /48 network per hour; default 50; at most half of
   * FEEDBACK_MAX_PER_HOUR.
   */
  FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR: z.preprocess(emptyToUndefined, wholeNumber(0).default(50)),
  /**
   * Messages held for the owner per hour past FEEDBACK_MAX_PER_HOUR (stored, never mailed,
   * listed as held); past it, 429. Default 1000; 0 refuses everything past the cap.
   */
  FEEDBACK_MAX_HELD_PER_HOUR: z.preprocess(emptyToUndefined, wholeNumber(0).default(1000)),
  /**
   * The secret the rate caps digest client addresses with, shared by every instance of one
   * site (PostgreSQL); kept out of the store, so no backup of it reverses to an address.
   * Unset: each server makes its own at start, and its caps start afresh on a restart.
   */
  CAPS_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -base64 32`)' })
      .optional(),
  ),
};

export const FEEDBACK_LIMIT_SECRETS = ['CAPS_KEY'];

type FeedbackLimits = z.output<z.ZodObject<typeof feedbackLimitSettings>>;

/**
 * A sender's hourly caps must be on, and at most half the cap over all visitors, while that
 * cap is on: else one sender, rotating addresses within its network, takes everybody's hour.
 */
export function senderCapProblems(settings: FeedbackLimits): string[] {
  const overall = settings.FEEDBACK_MAX_PER_HOUR;
  if (overall === 0) return [];
  const most = Math.floor(overall / 2);
  return (['FEEDBACK_RATE_LIMIT_PER_HOUR', 'FEEDBACK_RATE_LIMIT_PER_48_PER_HOUR'] as const)
    .filter((key) => settings[key] === 0 || settings[key] > most)
    .map(
      (key) =>
        `${key}: must be between 1 and ${most}, half of FEEDBACK_MAX_PER_HOUR (${overall}), so that one sender cannot take every visitor’s hour (got ${settings[key]})`,
    );
}
