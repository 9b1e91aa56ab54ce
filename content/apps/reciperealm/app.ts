import type { AppInput } from '../../schema.ts';

export default {
  slug: 'reciperealm',
  name: 'RecipeRealm',
  order: 3,
  accent: '#30a46c',
  summary:
    'RecipeRealm organizes your recipes on iPhone, with a cooking assistant that community members can message up to 12 times per day.',
  platform: 'mobile',
  category: 'LifestyleApplication',
  titleHref: 'https://apps.apple.com/us/app/reciperealm/id6458877177',
  buttons: [{ kind: 'appStore', href: 'https://apps.apple.com/us/app/reciperealm/id6458877177' }],
  description: [
    'RecipeRealm is a home for the recipes you cook. Save them with their ingredients and steps, sort them into categories, and find the one you want when it is time to shop or cook. Your collection is kept on your iPhone.',
    'When you are stuck on a substitution or need an idea for dinner, ask the built-in assistant. Community members can send the assistant up to 12 messages per day.',
  ],
  features: [
    'Recipes saved with ingredients and steps',
    'Categories to keep your collection organized',
    'Search across your recipes',
    'A cooking assistant for questions and ideas',
    'Up to 12 assistant messages per day for community members',
    'Recipes stored on your device',
  ],
  technologies: ['xcode', 'core-data', 'swiftui'],
  screenshots: { placeholders: 20 },
  legal: true,
  // SAMPLE ids: put your Team ID and the app's bundle id here (README: Make it yours).
  appLinks: {
    scheme: 'reciperealm',
    patterns: [
      {
        path: '/reciperealm/r/:id',
        appPath: 'recipe/:id',
        title: 'A recipe shared with you',
        description:
          'Someone shared a recipe from their RecipeRealm collection with you. Open it in the app to save and cook it, or get RecipeRealm first.',
      },
    ],
    apple: { teamId: 'SAMPLETEAM', bundleIds: ['com.example.reciperealm'], webcredentials: true },
  },
} satisfies AppInput;
