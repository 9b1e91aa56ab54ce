/** The words of the page that confirms a message, in Arabic; see ./en.ts. */
import type { SentMessages } from '../en/feedback-sent.ts';

export const words = {
  title: 'تم إرسال الملاحظات',
  pageTitle: (appName: string) => `تم إرسال الملاحظات — ${appName}`,
  description: (appName: string) => `وصلت ملاحظاتك حول ${appName} إلى مطوّره.`,
  thanks: 'شكرًا لك: رسالتك محفوظة وفي طريقها إلى المطوّر.',
  back: (appName: string) => `العودة إلى ${appName}`,
  /** The alert a sent message is acknowledged with, here and in the form. */
  alert: 'تم إرسال ملاحظاتك بنجاح!',
} satisfies SentMessages;
