import type { AppInput } from '../../schema.ts';

export default {
  slug: 'manzanos-popshop',
  name: 'Manzanos PopShop',
  order: 9,
  accent: '#e54666',
  summary:
    'Manzanos PopShop is a storefront for Funko Pop collectibles on iOS and Android, with live stock, favorites and card checkout.',
  platform: 'mobile',
  category: 'ShoppingApplication',
  titleHref: 'https://rubenmanzano.com/manzanos-popshop',
  buttons: [
    { kind: 'appStore', href: 'https://apps.apple.com/us/app/manzanos-popshop/id6747915168' },
    {
      kind: 'playStore',
      href: 'https://play.google.com/store/apps/details?id=com.devzano.manzanospopshop',
    },
  ],
  description: [
    'Manzanos PopShop is a shop for Funko Pop figures on iPhone and Android. Browse the catalog, filter by series or exclusives, and check stock before you buy.',
    'Pay by card at checkout, and the figures are reserved for you the moment you start. If a payment fails or times out, the items go straight back to your cart, ready for another try.',
    'Save favorites to your profile, follow each order with its thumbnails and status, and keep several shipping addresses under nicknames like Home or Work. Sign in with Google or email, or continue as a guest.',
  ],
  features: [
    'Catalog browsing with filters by series and exclusives, plus stock info',
    'Card checkout through Stripe, with stock reserved instantly',
    'Favorites saved to your profile',
    'Order history with thumbnails and status',
    'Items returned to your cart when a payment fails or times out',
    'Profile with picture, nicknamed shipping addresses, and dark or light mode',
    'Sign-in with Google, email, or as a guest',
    'Data kept with Firebase, a backend-as-a-service',
  ],
  technologies: ['xcode', 'swiftui', 'expo', 'firebase'],
  screenshots: { placeholders: 4 },
  legal: true,
  legalPages: { 'delete-account': 'Delete Your Account', security: 'Security Policy' },
  // SAMPLE ids: put your Team ID, bundle id, package name and signing certificates' fingerprints
  // here (README: Make it yours).
  appLinks: {
    scheme: 'manzanospopshop',
    patterns: [
      {
        path: '/manzanos-popshop/:item',
        query: ['ref'],
        appPath: 'item/:item',
        title: 'A Funko Pop shared with you',
        description:
          'A friend shared a figure from Manzanos PopShop with you. Open it in the app to see its stock and buy it, or get the app first.',
      },
    ],
    apple: { teamId: 'SAMPLETEAM', bundleIds: ['com.example.manzanospopshop'] },
    android: {
      package: 'com.example.manzanospopshop',
      sha256CertFingerprints: [
        '00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF',
      ],
    },
  },
} satisfies AppInput;
