import type { AppInput } from '../../schema.ts';

export default {
  slug: 'sunshinekeywestchallenge',
  name: 'Sunshine Key West Challenge',
  order: 10,
  accent: '#0090ff',
  summary:
    'The companion app of the Sunshine Key West Challenge charity fishing tournament: schedule, history, auction items, photos and food nearby.',
  platform: 'mobile',
  category: 'SportsApplication',
  titleHref: 'https://apps.apple.com/us/app/sunshine-key-west-challenge/id6737530954',
  buttons: [
    {
      kind: 'appStore',
      href: 'https://apps.apple.com/us/app/sunshine-key-west-challenge/id6737530954',
    },
    {
      kind: 'playStore',
      href: 'https://play.google.com/store/apps/details?id=com.devzano.SunshineKeyWestChallenge',
    },
  ],
  description: [
    'The Sunshine Key West Challenge is a charity fishing tournament, and this app is its program in your pocket, on iPhone and Android. Check the schedule, read the story of past tournaments, and look over the items up for auction.',
    'Browse the photo gallery from the event, and when you get hungry, the app recommends food nearby.',
  ],
  features: [
    'Event schedule',
    'Tournament history',
    'Auction items',
    'Photo gallery',
    'Nearby food recommendations',
    'Available on iOS and Android',
  ],
  technologies: ['react-native', 'expo', 'firebase'],
  screenshots: { placeholders: 4 },
  legal: true,
} satisfies AppInput;
