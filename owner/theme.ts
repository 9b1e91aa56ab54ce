/**
 * The owner's pages follow the theme the owner picked with the site's Theme control (kept in
 * this browser's localStorage under the same key, on the same origin), or the system's
 * preference when none was picked, as the site's pages do. The site's head script cannot run
 * here (these pages allow no inline script), so this applies the choice before the first
 * render, and again when it changes in another tab.
 */
import { THEME_STORAGE_KEY } from '../common/theme.ts';

function storedTheme(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

function applyTheme(choice: string | null) {
  document.documentElement.dataset.theme =
    choice === 'light' || choice === 'dark' ? choice : 'system';
}

/** Applies the owner's choice now and whenever it changes in another tab. */
export function followSiteTheme() {
  applyTheme(storedTheme());
  addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) applyTheme(event.newValue);
  });
}
