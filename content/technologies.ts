import type { TechnologyId } from './schema.ts';

/** The technologies a logo row can show, with their official pages. */
export const technologies = {
  vscode: { name: 'Visual Studio Code', href: 'https://code.visualstudio.com/' },
  javascript: {
    name: 'JavaScript',
    href: 'https://developer.mozilla.org/en-US/docs/Web/JavaScript',
  },
  react: { name: 'React', href: 'https://react.dev/' },
  'react-native': { name: 'React Native', href: 'https://reactnative.dev/' },
  vite: { name: 'Vite', href: 'https://vite.dev/' },
  xcode: { name: 'Xcode', href: 'https://developer.apple.com/xcode/' },
  swiftui: { name: 'SwiftUI', href: 'https://developer.apple.com/xcode/swiftui/' },
  'core-data': { name: 'Core Data', href: 'https://developer.apple.com/documentation/coredata' },
  expo: { name: 'Expo', href: 'https://expo.dev/' },
  firebase: { name: 'Firebase', href: 'https://firebase.google.com/' },
} satisfies Record<TechnologyId, { name: string; href: string }>;
