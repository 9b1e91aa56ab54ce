/**
 * The words of the page that confirms a message sent without scripts (`/<app>/feedback-sent`),
 * apart from the form's (./feedback/), so that the page loads these alone.
 */
export const words = {
  title: 'Feedback sent',
  pageTitle: (appName: string) => `Feedback sent — ${appName}`,
  description: (appName: string) => `Your feedback about ${appName} has reached its developer.`,
  thanks: 'Thank you: your message is stored and on its way to the developer.',
  back: (appName: string) => `Back to ${appName}`,
  /** The alert a sent message is acknowledged with, here and in the form. */
  alert: 'Feedback sent successfully!',
};

/** The shape of every language's words of the page. */
export type SentMessages = typeof words;
