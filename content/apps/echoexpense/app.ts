import type { AppInput } from '../../schema.ts';

export default {
  slug: 'echoexpense',
  name: 'EchoExpense',
  order: 4,
  accent: '#12a594',
  summary:
    'EchoExpense tracks your bills and paydays on a calendar, reminds you before each due date and helps you set money aside.',
  platform: 'mobile',
  category: 'FinanceApplication',
  titleHref: 'https://apps.apple.com/us/app/echoexpense/id6475660500',
  buttons: [{ kind: 'appStore', href: 'https://apps.apple.com/us/app/echoexpense/id6475660500' }],
  description: [
    'EchoExpense shows what you owe and when you get paid. Add your bills and your paydays, and the calendar lays them out side by side, so you can see which paycheck covers which bill.',
    'Choose when you hear about upcoming bills: notifications arrive at 8 AM, 12 PM or 4 PM. On the due date itself, a last-chance reminder comes at 3 PM.',
    'A savings feature keeps track of the money you set aside, alongside your bills.',
  ],
  features: [
    'Bills with amounts and due dates',
    'Paydays alongside your bills',
    'Calendar view of everything due and incoming',
    'Notifications at 8 AM, 12 PM or 4 PM, your choice',
    'A 3 PM last-chance reminder on the due date',
    'Savings tracking',
  ],
  technologies: ['xcode', 'swiftui', 'firebase'],
  screenshots: { placeholders: 20 },
  legal: true,
} satisfies AppInput;
