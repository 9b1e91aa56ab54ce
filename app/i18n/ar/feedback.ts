/** The words of the feedback form in Arabic; see ./en.ts. */
import { byCount, count } from './site.ts';
import { words as sent } from './feedback-sent.ts';
import type { FeedbackMessages } from '../en/feedback.ts';

/**
 * A number of characters after a preposition: "حرف واحد", "حرفين", "3 أحرف", "11 حرفًا",
 * "5,000 حرف"; `two` is the dual in the case the sentence asks for.
 */
const characters = (value: number, two: string) =>
  byCount(value, {
    zero: `${count(value)} حرف`,
    one: 'حرف واحد',
    two,
    few: `${count(value)} أحرف`,
    many: `${count(value)} حرفًا`,
    other: `${count(value)} حرف`,
  });

export const words = {
  cancel: 'إلغاء',
  submit: 'إرسال',
  sending: 'جارٍ الإرسال…',
  sendingStatus: 'جارٍ إرسال ملاحظاتك…',
  alerts: {
    sent: sent.alert,
    failed: 'تعذّر إرسال ملاحظاتك. يُرجى المحاولة مرة أخرى لاحقًا.',
    error: 'حدث خطأ أثناء إرسال ملاحظاتك. يُرجى المحاولة مرة أخرى لاحقًا.',
  },
  fields: {
    labels: {
      firstName: 'الاسم الأول',
      lastName: 'اسم العائلة',
      email: 'البريد الإلكتروني',
      message: 'الرسالة',
    },
    typed: (typed: number, max: number) => `${count(typed)} من ${characters(max, 'حرفين')}`,
    limit: (max: number) => `${characters(max, 'حرفان')} كحد أقصى.`,
    honeypot: 'اترك هذا الحقل فارغًا',
  },
  /** A field's problem as a sentence about the field: "حقل «الاسم الأول» مطلوب." */
  problem: (label: string, problem: string) => `حقل «${label}» ${problem}.`,
  problems: {
    required: 'مطلوب',
    tooLong: (max: number) => `لا يقبل أكثر من ${characters(max, 'حرفين')}`,
    nameCharacters: 'لا يقبل فواصل الأسطر أو التنسيق غير المرئي أو أحرف التحكم',
    noVisibleCharacter: 'يجب أن يحتوي على حرف أو رمز ظاهر',
    encodedWord: 'لا يقبل الكلمات المرمّزة الخاصة بالبريد (=?…?=)',
    localPartTooLong: (max: number) => `لا يقبل أكثر من ${characters(max, 'حرفين')} قبل الرمز @`,
    notEmail: 'يجب أن يحتوي على عنوان بريد إلكتروني مثل name@example.com',
    controlCharacters: 'لا يقبل أحرف التحكم',
  },
  contactLead: (ownerName: string, appName: string) =>
    `أنا ${ownerName}، مطوّر ${appName}. راسلني عبر النموذج أدناه، أو مباشرةً:`,
} satisfies FeedbackMessages;
