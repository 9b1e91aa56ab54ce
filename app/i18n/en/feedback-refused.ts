/**
 * The words of the page the server answers a refused form post with (the form sent without
 * scripts, server/intake/feedback-form-page.tsx): why the feedback was not sent, when to try
 * again, and the way back. No page of the site loads them; the server holds every language's.
 * The English reasons are also the JSON API's `error` sentences.
 */
import { count } from './site.ts';

export const words = {
  title: 'Feedback not sent',
  pageTitle: (appName: string) => `Feedback not sent — ${appName}`,
  notSent: 'Your feedback was not sent.',
  /** "You can try again in 45 seconds." / "… in 5 minutes." (minutes from two on). */
  retry: (seconds: number) => {
    if (seconds < 120)
      return `You can try again in ${count(seconds)} second${seconds === 1 ? '' : 's'}.`;
    const minutes = Math.ceil(seconds / 60);
    return `You can try again in ${count(minutes)} minute${minutes === 1 ? '' : 's'}.`;
  },
  home: 'Go to the home page',
  /** Why, one sentence per refusal. */
  reasons: {
    unknownApp: 'The form did not name one of the apps of this site.',
    fields: 'Some fields need a change:',
    unknownFields: (names: string) =>
      `The form sent fields it does not have (${names}); send the form below again.`,
    damagedKey: 'The form was damaged on its way. Please send it again.',
    tooLarge: 'The message is too long to send. Go back, shorten it and send it again.',
    unreadable: 'The form could not be read. Send it again from the app’s support page.',
    internal: 'Something went wrong on our side. Please try again later.',
    crossSite: 'Feedback is only accepted from the pages of this site.',
    mediaType: 'The form was sent in a way this site does not accept.',
    method:
      'This address only receives the feedback form. Send feedback from an app’s support page.',
    rateLimited: 'Too many messages from this address; try again later.',
    rateLimitedOverall: 'Too many messages right now; try again later.',
    storeUnavailable: 'Feedback cannot be stored right now; try again later.',
    storeBusy: 'Feedback cannot be stored right now; try again in a few seconds.',
  },
};

/** The shape of every language's words of the page. */
export type RefusedMessages = typeof words;

/** A refusal's reason, by name: `rateLimited`. */
export type RefusalReason = {
  [Name in keyof RefusedMessages['reasons']]: RefusedMessages['reasons'][Name] extends string
    ? Name
    : never;
}[keyof RefusedMessages['reasons']];
