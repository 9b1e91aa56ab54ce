/**
 * Which mark each button and logo of an app page shows. Icons are imported one by one, as
 * files, so the build ships only these. The technologies' marks are generated from
 * content/technologies.ts (scripts/technology-icons.ts) and passed in by the composition.
 */
import appStoreIcon from 'simple-icons/icons/appstore.svg?url';
import gitHubIcon from 'simple-icons/icons/github.svg?url';
import googlePlayIcon from 'simple-icons/icons/googleplay.svg?url';
import type { AppButton } from '../../../content/schema.ts';
import { simpleIconMark, testFlightMark, type BrandMark } from '../../ui/brand-icon.tsx';

export const codeHostMark: BrandMark = simpleIconMark(gitHubIcon, 'GitHub');

/** Store-badge marks; the Landing Page button uses the interface's globe instead. */
export const storeMarks: Record<Exclude<AppButton['kind'], 'landing'>, BrandMark> = {
  appStore: simpleIconMark(appStoreIcon, 'App Store'),
  playStore: simpleIconMark(googlePlayIcon, 'Google Play'),
  testFlight: testFlightMark,
};
