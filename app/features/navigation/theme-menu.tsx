/**
 * The top bar's Theme control: a button that opens a native popover holding three radio
 * buttons, System, Light and Dark. It is plain HTML throughout: the popover opens, and closes
 * on Escape and on a click outside, without scripts; the page's head script
 * (`common/theme-script.ts`) checks the radio button of the theme in force as the popover
 * opens, and applies and keeps a change at once, before React has taken over the page and
 * after. React only renders the control. Without scripts nothing could apply a choice, so the
 * control stays hidden and the page follows the system.
 *
 * Its icons are inline SVG, as every icon of the site: drawn as CSS masks of SVG images, each
 * was an image document the browser decoded as the popover first opened, 53 ms of a tap at 4×.
 */
import type { ComponentType } from 'react';
import { THEME_INPUT_NAME } from '../../../common/theme.ts';
import { t } from '../../i18n/messages.ts';
import { CheckIcon, MoonIcon, SunIcon, SystemIcon } from '../../ui/icons.tsx';
import styles from './theme-menu.module.css';
import topBar from './top-bar.module.css';

/** Each choice's value (`common/theme.ts`), also its icon's class and its label's key, and icon. */
const CHOICES: readonly {
  value: 'system' | 'light' | 'dark';
  Icon: ComponentType<{ size: number; className?: string }>;
}[] = [
  { value: 'system', Icon: SystemIcon },
  { value: 'light', Icon: SunIcon },
  { value: 'dark', Icon: MoonIcon },
];

/** The popover's id: the top bar is on every page once. */
const PANEL_ID = 'theme-menu';

export function ThemeMenu() {
  return (
    <>
      <button
        type="button"
        className={`${topBar.toggle} ${styles.button}`}
        popoverTarget={PANEL_ID}
      >
        {/* Each theme's icon: the stylesheet shows the one in force (html[data-theme]). */}
        {CHOICES.map(({ value, Icon }) => (
          <Icon key={value} size={20} className={styles[value]} />
        ))}
        <span className={topBar.toggleLabel}>{t.theme.theme}</span>
      </button>
      <fieldset id={PANEL_ID} className={styles.panel} popover="auto">
        <legend>{t.theme.theme}</legend>
        {CHOICES.map(({ value, Icon }) => (
          <label key={value}>
            <input type="radio" name={THEME_INPUT_NAME} value={value} />
            <Icon size={20} />
            {t.theme[value]}
            <CheckIcon size={20} className={styles.check} />
          </label>
        ))}
      </fieldset>
    </>
  );
}
