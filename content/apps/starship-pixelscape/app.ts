import type { AppInput } from '../../schema.ts';

export default {
  slug: 'starship-pixelscape',
  name: 'Starship Pixelscape',
  order: 6,
  accent: '#8e4ec6',
  summary:
    'Starship Pixelscape is a retro space shooter: pick a ship, fight enemy waves and bosses, collect power-ups and aim for the top 10.',
  platform: 'mobile',
  category: 'GameApplication',
  titleHref: 'https://apps.apple.com/us/app/starship-pixelscape/id6741517533',
  buttons: [
    { kind: 'appStore', href: 'https://apps.apple.com/us/app/starship-pixelscape/id6741517533' },
  ],
  description: [
    'Starship Pixelscape is a retro space shooter in pixel art. Choose your ship, then fly it by dragging across the screen or with an on-screen joystick, whichever suits your hands.',
    'Enemy ships come at you in waves, power-ups give you an edge, and bosses wait to test what you have collected. A good run puts your name on the top-10 leaderboard.',
  ],
  features: [
    'A choice of ships',
    'Drag or joystick controls',
    'Power-ups',
    'Waves of enemy ships',
    'Boss fights',
    'Top-10 leaderboard',
  ],
  technologies: ['xcode', 'swiftui'],
  screenshots: { placeholders: 8 },
  legal: true,
} satisfies AppInput;
