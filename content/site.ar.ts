/** The owner's details in Arabic; what is left out is shown in the default language. */
import type { SiteTranslation } from './schema.ts';

export const site = {
  tagline: 'أصمّم تطبيقات iOS وAndroid والويب وأطوّرها، من المسودة الأولى حتى صفحتها في المتجر.',
  siteName: 'Sample Owner — تطبيقات iOS وAndroid والويب',
  description:
    'معرض أعمال مطوّر تطبيقات مستقل: تطبيقات iOS وAndroid والويب، وعددها {{apps.count}}، ولكلٍّ منها لقطات شاشة وميزات وروابط في المتاجر ووسيلة لإرسال الملاحظات.',
  aboutMe: [
    'أنا مطوّر Full-Stack أُطلق تطبيقات يستخدمها الناس كل يوم: قائمة مشاهدة للأفلام والمسلسلات، ومتتبّع للفواتير وأيام استلام الراتب، وقارئ مانغا، ولعبة تصويب فضائية بطابع كلاسيكي، وغيرها.',
    'أعمل باستخدام SwiftUI وReact وReact Native، وأعتني بالتفاصيل التي تمنح التطبيق إحساسًا بالهدوء والسرعة: شاشات سريعة، وعبارات واضحة، وميزات تحترم وقتك.',
  ],
} satisfies SiteTranslation;
