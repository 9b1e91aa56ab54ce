/**
 * The top bar's Theme control: a button that opens a native popover holding three radio
 * buttons, System, Light and Dark. It is plain HTML throughout: the popover opens, and closes
 * on Escape and on a click outside, without scripts; the page's head script
 * (`common/theme-script.ts`) checks the radio button of the theme in force as the popover
 * opens, and applies and keeps a change at once, before React has taken over the page and
 * after. React only renders the control. Without scripts nothing could apply a choice, so the
 * control stays hidden and the page follows the system.
 */
import { THEME_INPUT_NAME } from '../../../common/theme.ts';
import styles from './theme-menu.module.css';
import topBar from './top-bar.module.css';

/** Each choice's label; its value (`common/theme.ts`) is the label in lower case. */
const CHOICES = ['System', 'Light', 'Dark'];

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
        <span className={topBar.toggleLabel}>Theme</span>
      </button>
      <fieldset id={PANEL_ID} className={styles.panel} popover="auto">
        <legend>Theme</legend>
        {CHOICES.map((label) => (
          <label key={label}>
            <input type="radio" name={THEME_INPUT_NAME} value={label.toLowerCase()} />
            {label}
          </label>
        ))}
      </fieldset>
    </>
  );
}
