/**
 * Light and dark. The site follows the visitor's system setting (`prefers-color-scheme`)
 * until the visitor picks a theme with the top bar's Theme control; that choice is kept in
 * this browser's localStorage (never sent anywhere) and applied before the first paint by a
 * small script that the build writes into every page's head (`theme-script.ts`): it sets
 * `html[data-theme]`, which the design tokens (`app/styles/tokens.css`) follow. Without
 * scripts the attribute is never set, the control stays hidden, and the page follows the
 * system. This module holds the names the app, the script and the build share.
 */

/** A page's colour scheme, once the choice and the system's preference are settled. */
export type ColorScheme = 'light' | 'dark';

/**
 * The localStorage key of the visitor's choice: `light` or `dark`; absent (or anything else):
 * `system`, which follows `prefers-color-scheme`.
 */
export const THEME_STORAGE_KEY = 'theme';

/** The `name` of the Theme control's radio buttons, whose changes the script applies. */
export const THEME_INPUT_NAME = 'theme';

/**
 * The colour of each scheme's page background, for the browser's own interface around the
 * page (`<meta name="theme-color">`): `--bg` of the design tokens.
 */
export const THEME_COLORS: Readonly<Record<ColorScheme, string>> = {
  light: '#eef3fc',
  dark: '#050816',
};

/**
 * The `<meta name="theme-color">` of each scheme, which the build writes into every page's
 * head; the script points them at the visitor's choice (`data-scheme` tells them apart).
 */
export function themeColorMetas(): string {
  return (Object.keys(THEME_COLORS) as ColorScheme[])
    .map(
      (scheme) =>
        `<meta name="theme-color" content="${THEME_COLORS[scheme]}" ` +
        `media="(prefers-color-scheme: ${scheme})" data-scheme="${scheme}"/>`,
    )
    .join('');
}
