/**
 * Field schemas that several content schemas share. A module of their own, so that
 * content/technology-schema.ts can use them without importing content/schema.ts, which reads
 * the technology ids from content/technologies.ts.
 */
import { z } from 'zod';

/** A lower-case, hyphenated URL segment: `echoexpense`, `watchlistr-web`. */
export const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single hyphens');

export const HttpsUrlSchema = z.url({ protocol: /^https$/, error: 'must be an https:// address' });
