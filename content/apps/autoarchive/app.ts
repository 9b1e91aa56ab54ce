import type { AppInput } from '../../schema.ts';

export default {
  slug: 'autoarchive',
  name: 'AutoArchive',
  order: 7,
  accent: '#3e63dd',
  summary:
    'AutoArchive is a maintenance log for your vehicles: a profile from the VIN, service records with photos, reminders and tags.',
  platform: 'mobile',
  category: 'UtilitiesApplication',
  titleHref: 'https://apps.apple.com/us/app/autoarchive/id6744589503',
  buttons: [{ kind: 'appStore', href: 'https://apps.apple.com/us/app/autoarchive/id6744589503' }],
  description: [
    'AutoArchive keeps the maintenance history of your vehicles in one place. Enter a vehicle’s VIN and the app fills in the make, model and year to set up its profile.',
    'Log each service, from an oil change to new brakes, with the date, notes and photos of the receipt or the work. Tag records to find them later, and set reminders so the next service does not slip by.',
  ],
  features: [
    'Vehicle profiles set up from the VIN',
    'Make, model and year filled in for you',
    'Service records with photos',
    'Reminders for upcoming maintenance',
    'Tags to group and find records',
  ],
  technologies: ['xcode', 'swiftui'],
  screenshots: { placeholders: 4 },
  legal: true,
} satisfies AppInput;
