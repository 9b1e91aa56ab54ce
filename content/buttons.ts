/**
 * The words on an app's external buttons: the specification's name of each kind, unless the
 * owner chose the button's own in content (Apple's "App Store", say).
 */
import type { AppButton } from './schema.ts';

/** Each kind of button's words, as the specification names them. */
export const BUTTON_LABELS: Readonly<Record<AppButton['kind'], string>> = {
  landing: 'Landing Page',
  appStore: 'Apple Store',
  playStore: 'Play Store',
  testFlight: 'TestFlight',
};

/**
 * A button's words: the owner's, or its kind's (in the page's language where `labels` gives
 * them, the site's catalogue: "Sitio web" for Landing Page).
 */
export function buttonLabel(
  button: Pick<AppButton, 'kind' | 'label'>,
  labels: Readonly<Record<AppButton['kind'], string>> = BUTTON_LABELS,
): string {
  return button.label ?? labels[button.kind];
}
