/** The words of the page of a refused form post, in Arabic; see ./en.ts. */
import { byCount, count } from './site.ts';
import type { RefusedMessages } from '../en/feedback-refused.ts';

/** "ثانية واحدة", "ثانيتين", "3 ثوانٍ", "45 ثانية", "100 ثانية". */
const seconds = (value: number) =>
  byCount(value, {
    zero: `${count(value)} ثانية`,
    one: 'ثانية واحدة',
    two: 'ثانيتين',
    few: `${count(value)} ثوانٍ`,
    many: `${count(value)} ثانية`,
    other: `${count(value)} ثانية`,
  });

/** "دقيقة واحدة", "دقيقتين", "5 دقائق", "15 دقيقة", "100 دقيقة". */
const minutes = (value: number) =>
  byCount(value, {
    zero: `${count(value)} دقيقة`,
    one: 'دقيقة واحدة',
    two: 'دقيقتين',
    few: `${count(value)} دقائق`,
    many: `${count(value)} دقيقة`,
    other: `${count(value)} دقيقة`,
  });

export const words = {
  title: 'لم تُرسل الملاحظات',
  pageTitle: (appName: string) => `لم تُرسل الملاحظات — ${appName}`,
  notSent: 'لم تُرسل ملاحظاتك.',
  retry: (value: number) =>
    `يمكنك المحاولة مرة أخرى بعد ${value < 120 ? seconds(value) : minutes(Math.ceil(value / 60))}.`,
  home: 'الانتقال إلى الصفحة الرئيسية',
  reasons: {
    unknownApp: 'لم يذكر النموذج أيًّا من تطبيقات هذا الموقع.',
    fields: 'بعض الحقول تحتاج إلى تعديل:',
    unknownFields: (names: string) =>
      `أرسل النموذج حقولًا ليست فيه (${names})؛ أرسل النموذج أدناه مرة أخرى.`,
    damagedKey: 'تلف النموذج في طريقه. يُرجى إرساله مرة أخرى.',
    tooLarge: 'الرسالة أطول من أن تُرسل. ارجع واختصرها ثم أرسلها مرة أخرى.',
    unreadable: 'تعذّرت قراءة النموذج. أرسله مرة أخرى من صفحة دعم التطبيق.',
    internal: 'حدث خطأ من جهتنا. يُرجى المحاولة لاحقًا.',
    crossSite: 'لا تُقبل الملاحظات إلا من صفحات هذا الموقع.',
    mediaType: 'أُرسل النموذج بطريقة لا يقبلها هذا الموقع.',
    method: 'هذا العنوان يستقبل نموذج الملاحظات فقط. أرسل ملاحظاتك من صفحة دعم أحد التطبيقات.',
    rateLimited: 'رسائل كثيرة جدًا من هذا العنوان؛ حاول مرة أخرى لاحقًا.',
    rateLimitedOverall: 'رسائل كثيرة جدًا الآن؛ حاول مرة أخرى لاحقًا.',
    storeUnavailable: 'لا يمكن حفظ الملاحظات الآن؛ حاول مرة أخرى لاحقًا.',
    storeBusy: 'لا يمكن حفظ الملاحظات الآن؛ حاول مرة أخرى بعد بضع ثوانٍ.',
  },
} satisfies RefusedMessages;
