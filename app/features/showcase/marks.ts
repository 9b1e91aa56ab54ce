/**
 * Which mark each button and logo of an app page shows. Icons are imported one by one so
 * the bundle carries only these.
 */
import {
  siAppstore,
  siExpo,
  siFirebase,
  siGithub,
  siGoogleplay,
  siJavascript,
  siReact,
  siSwift,
  siVite,
  siXcode,
} from 'simple-icons';
import type { AppButton, TechnologyId } from '../../../content/schema.ts';
import {
  codeEditorMark,
  databaseMark,
  simpleIconMark,
  testFlightMark,
  type BrandMark,
} from '../../ui/brand-icon.tsx';

export const codeHostMark: BrandMark = simpleIconMark(siGithub);

export const technologyMarks: Record<TechnologyId, BrandMark> = {
  vscode: codeEditorMark,
  javascript: simpleIconMark(siJavascript),
  react: simpleIconMark(siReact),
  'react-native': simpleIconMark(siReact, 'React Native'),
  vite: simpleIconMark(siVite),
  xcode: simpleIconMark(siXcode),
  swiftui: simpleIconMark(siSwift, 'SwiftUI'),
  'core-data': databaseMark,
  expo: simpleIconMark(siExpo),
  firebase: simpleIconMark(siFirebase),
};

/** Store-badge marks; the Landing Page button uses the interface's globe instead. */
export const storeMarks: Record<Exclude<AppButton['kind'], 'landing'>, BrandMark> = {
  appStore: simpleIconMark(siAppstore),
  playStore: simpleIconMark(siGoogleplay),
  testFlight: testFlightMark,
};
