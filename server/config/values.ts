/**
 * The kinds of value the settings take, each read the same way and worded the same way in
 * messages, whichever concern's setting it is.
 */
import { z } from 'zod';
import { normalizePublicUrl } from '../../common/public-address.ts';

/** The environment, or the environment with the settings file's values under it. */
export type Env = Record<string, string | undefined>;

/** A variable set to nothing but spaces is unset, so it takes its default. */
export const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const wholeNumber = (min: number) =>
  z.coerce
    .number({ error: `must be a whole number of at least ${min}` })
    .int({ error: `must be a whole number of at least ${min}` })
    .min(min, { error: `must be a whole number of at least ${min}` });

export const positiveNumber = (unit: string) =>
  z.coerce
    .number({ error: `must be a number of ${unit} above 0` })
    .positive({ error: `must be a number of ${unit} above 0` });

/** `true` or `false`, read as a boolean. */
export const trueOrFalse = (byDefault: 'true' | 'false') =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default(byDefault)
    .transform((value) => value === 'true');

// Read by the same rules as the build's, so the two agree on the same value.
export const absoluteHttpUrl = z.string().transform((value, context) => {
  const parsed = normalizePublicUrl(value);
  if ('url' in parsed) return parsed.url;
  context.addIssue({ code: 'custom', message: parsed.problem });
  return z.NEVER;
});
