import type { TechnologyInput } from './technology-schema.ts';

/**
 * The technologies an app's logo row can show: the key is the id an app lists in its
 * `technologies`; each has its name, its official page and its icon (a simple-icons slug,
 * or an SVG file in content/technologies/). Add one here to use it in any app.
 */
export const technologies = {
  vscode: {
    name: 'Visual Studio Code',
    href: 'https://code.visualstudio.com/',
    icon: 'vscode.svg',
  },
  javascript: {
    name: 'JavaScript',
    href: 'https://developer.mozilla.org/en-US/docs/Web/JavaScript',
    icon: 'javascript',
  },
  react: { name: 'React', href: 'https://react.dev/', icon: 'react' },
  'react-native': { name: 'React Native', href: 'https://reactnative.dev/', icon: 'react' },
  vite: { name: 'Vite', href: 'https://vite.dev/', icon: 'vite' },
  xcode: { name: 'Xcode', href: 'https://developer.apple.com/xcode/', icon: 'xcode' },
  swiftui: { name: 'SwiftUI', href: 'https://developer.apple.com/xcode/swiftui/', icon: 'swift' },
  'core-data': {
    name: 'Core Data',
    href: 'https://developer.apple.com/documentation/coredata',
    icon: 'core-data.svg',
  },
  expo: { name: 'Expo', href: 'https://expo.dev/', icon: 'expo' },
  firebase: { name: 'Firebase', href: 'https://firebase.google.com/', icon: 'firebase' },
} satisfies Record<string, TechnologyInput>;
