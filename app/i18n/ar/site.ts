/**
 * The site's own words in Arabic: Modern Standard Arabic that addresses the visitor directly,
 * buttons named by what they do ("إرسال"). The same keys as en.ts; see there how the
 * catalogues are read. Numbers are written in Western digits, as the rest of the site writes
 * them.
 *
 * Arabic has six plural forms, and a counted noun takes the form its count asks for
 * ("تطبيقان", "3 تطبيقات", "11 تطبيقًا", "100 تطبيق"): `pluralOf` below picks it by CLDR's
 * rules, which messages.test.ts checks against Intl.PluralRules.
 */
import type { Messages } from '../en/site.ts';

/** A count with a comma between thousands ("5,000"), as en.ts writes it. */
export const count = (value: number) => String(value).replace(/\B(?=(\d{3})+$)/g, ',');

/** Arabic's plural forms (CLDR). */
type Plural = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/**
 * The plural form of a whole count, by CLDR's rules for Arabic: zero for 0, one for 1, two
 * for 2, few when its last two digits are 3 to 10, many when they are 11 to 99, other else
 * (100, 101, 102, 1000…).
 */
function pluralOf(value: number): Plural {
  if (value === 0) return 'zero';
  if (value === 1) return 'one';
  if (value === 2) return 'two';
  const lastTwo = value % 100;
  if (lastTwo >= 3 && lastTwo <= 10) return 'few';
  if (lastTwo >= 11 && lastTwo <= 99) return 'many';
  return 'other';
}

/** The text of the plural form a count asks for. */
export const byCount = (value: number, forms: Record<Plural, string>) => forms[pluralOf(value)];

/** What three apps or more do on the projects page, after their count: shown one after another. */
const shownInTurn = 'تُعرض واحدًا تلو الآخر';

const about = 'وخياراتك، وكيفية التواصل.';

export const words = {
  shell: {
    skipToContent: 'التخطي إلى المحتوى',
    needsScripts: 'يتطلب فتح هذا العنوان تفعيل JavaScript.',
    goHome: 'الانتقال إلى الصفحة الرئيسية',
  },
  nav: {
    menu: 'القائمة',
    mainMenu: 'القائمة الرئيسية',
    allPages: 'كل الصفحات',
    home: 'الرئيسية',
    allProjects: 'كل المشاريع',
    languages: 'اللغات',
  },
  theme: {
    theme: 'المظهر',
    system: 'النظام',
    light: 'فاتح',
    dark: 'داكن',
  },
  background: {
    pause: 'إيقاف الحركة مؤقتًا',
    pauseTitle: 'إيقاف حركة الخلفية مؤقتًا أو تشغيلها',
  },
  home: {
    seeApps: (apps: number) =>
      byCount(apps, {
        zero: 'اعرض التطبيقات',
        one: 'اعرض التطبيق',
        two: 'اعرض التطبيقين',
        few: `اعرض ${count(apps)} تطبيقات`,
        many: `اعرض ${count(apps)} تطبيقًا`,
        other: `اعرض ${count(apps)} تطبيق`,
      }),
    getInTouch: 'تواصل معي',
    aboutMe: 'نبذة عني',
    contact: 'التواصل',
    skills: 'المهارات',
  },
  projects: {
    description: (apps: number) => {
      const each = 'لقطات الشاشة والميزات وروابط المتاجر لكلٍّ منها.';
      return byCount(apps, {
        zero: 'لا توجد تطبيقات بعد.',
        one: 'تطبيق واحد: لقطات شاشته وميزاته وروابطه في المتاجر.',
        two: 'تطبيقان يُعرضان واحدًا تلو الآخر: لقطات الشاشة والميزات وروابط المتاجر لكلٍّ منهما.',
        few: `${count(apps)} تطبيقات ${shownInTurn}: ${each}`,
        many: `${count(apps)} تطبيقًا ${shownInTurn}: ${each}`,
        other: `${count(apps)} تطبيق ${shownInTurn}: ${each}`,
      });
    },
    lead: (apps: number) => {
      const move = 'استخدم الأسهم بجانب كل عنوان، أو مفاتيح الأسهم، للتنقل بينها.';
      return byCount(apps, {
        zero: 'لا توجد تطبيقات لعرضها بعد.',
        one: 'تطبيق واحد، مع لقطات شاشته وميزاته وروابطه في المتاجر.',
        two: 'تطبيقان يُعرضان واحدًا تلو الآخر. استخدم الأسهم بجانب كل عنوان، أو مفاتيح الأسهم، للتنقل بينهما.',
        few: `${count(apps)} تطبيقات ${shownInTurn}. ${move}`,
        many: `${count(apps)} تطبيقًا ${shownInTurn}. ${move}`,
        other: `${count(apps)} تطبيق ${shownInTurn}. ${move}`,
      });
    },
  },
  contact: {
    linkedIn: 'LinkedIn',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    text: 'رسالة نصية',
    resume: (size: string) => `السيرة الذاتية (PDF، ${size})`,
  },
  showcase: {
    buttons: {
      landing: 'الموقع الإلكتروني',
      appStore: 'Apple Store',
      playStore: 'Play Store',
      testFlight: 'TestFlight',
    },
    qrButton: (store: string) => `رمز QR: ${store}`,
    qrImage: (appName: string, store: string) => `رمز QR لتطبيق ${appName} على ${store}`,
    scanToOpen: 'امسحه ضوئيًا لفتحه على هاتفك',
    about: (appName: string) => `نبذة عن ${appName}`,
    features: 'الميزات',
    logos: (appName: string) => `شيفرة ${appName} وأدواته وسياساته`,
    profile: (codeHost: string) => `الملف الشخصي على ${codeHost}`,
    support: 'الدعم',
    newTab: 'يُفتح في علامة تبويب جديدة',
  },
  legal: {
    titles: { terms: 'شروط الاستخدام', privacy: 'سياسة الخصوصية' },
    links: { terms: 'الشروط', privacy: 'الخصوصية' },
    descriptions: {
      terms: (appName: string) => `شروط استخدام ${appName}: ما تتناوله، ${about}`,
      privacy: (appName: string) => `سياسة خصوصية ${appName}: ما تتناوله، ${about}`,
    },
    description: (title: string, appName: string) =>
      `${title} — ${appName}: ما تتناوله هذه الصفحة، ${about}`,
    loading: 'جارٍ التحميل…',
  },
  support: {
    title: (appName: string) => `دعم ${appName}`,
    description: (appName: string) =>
      `هل لديك أسئلة أو مشكلات أو أفكار حول ${appName}؟ راسل مطوّره من هنا، فكل رسالة تُقرأ.`,
  },
  /** The button that opens the feedback form (the form's own words: ./feedback/). */
  feedback: {
    send: 'إرسال ملاحظات',
  },
  roles: {
    carousel: 'عرض دوّار',
    slide: 'شريحة',
  },
  carousel: {
    label: (appName: string) => `لقطات شاشة ${appName}`,
    slide: (from: number, to: number, total: number) =>
      from === to
        ? `لقطة الشاشة ${from} من أصل ${total}`
        : `لقطات الشاشة من ${from} إلى ${to} من أصل ${total}`,
    previous: 'اللقطات السابقة',
    pause: 'إيقاف اللقطات مؤقتًا',
    next: 'اللقطات التالية',
    placeholder: (appName: string, position: number, total: number) =>
      `لقطة الشاشة ${position} من أصل ${total} من ${appName} (مؤقتة)`,
  },
  slider: {
    previous: 'المشروع السابق',
    next: 'المشروع التالي',
    slide: (name: string, position: number, total: number) => `${name}، ${position} من ${total}`,
  },
  appLink: {
    open: 'الفتح في التطبيق',
    getIt: (appName: string) => `ليس لديك ${appName}؟`,
    qrImage: (appName: string, store: string) =>
      `رمز QR لتطبيق ${appName} على ${store}: امسحه ضوئيًا لفتحه على هاتفك`,
    more: (appName: string) => `المزيد عن ${appName}`,
  },
  modal: {
    close: 'إغلاق',
  },
  notFound: {
    title: '404 - الصفحة غير موجودة',
    text: 'عذرًا، الصفحة التي تبحث عنها غير موجودة.',
  },
  error: {
    title: 'خطأ غير متوقع في التطبيق!',
    reload: 'إعادة تحميل الصفحة',
  },
} satisfies Messages;
