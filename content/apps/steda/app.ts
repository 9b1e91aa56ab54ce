import type { AppInput } from '../../schema.ts';

export default {
  slug: 'steda',
  name: 'Steda',
  order: 8,
  accent: '#ffb224',
  summary:
    'Steda is a habit and mood tracker for iPhone and iPad: flexible schedules, a daily mood log, reminders and streaks.',
  platform: 'mobile',
  category: 'HealthApplication',
  titleHref: 'https://apps.apple.com/us/app/steda/id6745674975',
  buttons: [{ kind: 'appStore', href: 'https://apps.apple.com/us/app/steda/id6745674975' }],
  description: [
    'Steda helps you build habits and keep an eye on your mood, on iPhone and iPad. Give each habit a daily or weekly schedule, or one of your own, and record how you feel each day.',
    'Reminders come with a motivational message, streaks show how far you have come, and finishing a habit earns a small celebration. Each day, a motivational message greets you when you open the app.',
  ],
  features: [
    'Daily, weekly or personalized habit schedules',
    'Daily mood log with a mood calendar',
    'Custom reminders with motivational messages',
    'Streak visuals and completion celebrations',
    'A daily motivational message each time you open the app',
  ],
  technologies: ['xcode', 'swiftui'],
  screenshots: { placeholders: 4 },
  legal: true,
} satisfies AppInput;
