/** The push notification the owner gets for each new message, and what it tells. */
import { z } from 'zod';
import { isLoopbackHost } from '../../common/public-address.ts';
import { emptyToUndefined, trueOrFalse } from './values.ts';

export const notifySettings = {
  /**
   * Where push notifications go: an ntfy topic (`https://ntfy.sh/your-topic`) or any webhook
   * that takes JSON. Unset: none are sent. https://, or http:// to this machine; a user and
   * password in it are sent as Basic authentication.
   */
  NOTIFY_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^https?$/,
        hostname: /^.+$/,
        error: 'must be an address like https://ntfy.sh/your-topic',
      })
      .refine(
        (value) => {
          const url = new URL(value);
          return url.protocol === 'https:' || isLoopbackHost(url.hostname);
        },
        { error: 'must be https:// (http:// only to this machine)' },
      )
      .optional(),
  ),
  /** `ntfy` (the topic's message with a title) or `json` (a webhook's JSON body); default json. */
  NOTIFY_FORMAT: z.preprocess(
    emptyToUndefined,
    z.enum(['ntfy', 'json'], { error: 'must be ntfy or json' }).default('json'),
  ),
  /**
   * `true`: a notification also carries the sender's last name, address and message. Default
   * `false`: the app's name and the sender's first name alone.
   */
  NOTIFY_DETAILS: z.preprocess(emptyToUndefined, trueOrFalse('false')),
};

/** The address may hold a user and password. */
export const NOTIFY_SECRETS = ['NOTIFY_URL'];
