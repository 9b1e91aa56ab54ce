/**
 * Which mark each button and logo of an app page shows. Icons are imported one by one, as
 * files, so the build ships only these.
 */
import appStoreIcon from 'simple-icons/icons/appstore.svg?url';
import expoIcon from 'simple-icons/icons/expo.svg?url';
import firebaseIcon from 'simple-icons/icons/firebase.svg?url';
import gitHubIcon from 'simple-icons/icons/github.svg?url';
import googlePlayIcon from 'simple-icons/icons/googleplay.svg?url';
import javaScriptIcon from 'simple-icons/icons/javascript.svg?url';
import reactIcon from 'simple-icons/icons/react.svg?url';
import swiftIcon from 'simple-icons/icons/swift.svg?url';
import viteIcon from 'simple-icons/icons/vite.svg?url';
import xcodeIcon from 'simple-icons/icons/xcode.svg?url';
import type { AppButton, TechnologyId } from '../../../content/schema.ts';
import {
  codeEditorMark,
  databaseMark,
  simpleIconMark,
  testFlightMark,
  type BrandMark,
} from '../../ui/brand-icon.tsx';

export const codeHostMark: BrandMark = simpleIconMark(gitHubIcon, 'GitHub');

export const technologyMarks: Record<TechnologyId, BrandMark> = {
  vscode: codeEditorMark,
  javascript: simpleIconMark(javaScriptIcon, 'JavaScript'),
  react: simpleIconMark(reactIcon, 'React'),
  'react-native': simpleIconMark(reactIcon, 'React Native'),
  vite: simpleIconMark(viteIcon, 'Vite'),
  xcode: simpleIconMark(xcodeIcon, 'Xcode'),
  swiftui: simpleIconMark(swiftIcon, 'SwiftUI'),
  'core-data': databaseMark,
  expo: simpleIconMark(expoIcon, 'Expo'),
  firebase: simpleIconMark(firebaseIcon, 'Firebase'),
};

/** Store-badge marks; the Landing Page button uses the interface's globe instead. */
export const storeMarks: Record<Exclude<AppButton['kind'], 'landing'>, BrandMark> = {
  appStore: simpleIconMark(appStoreIcon, 'App Store'),
  playStore: simpleIconMark(googlePlayIcon, 'Google Play'),
  testFlight: testFlightMark,
};
