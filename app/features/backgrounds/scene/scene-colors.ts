/**
 * The scene's colours in each of the page's colour schemes, and the page's scheme as it
 * changes. Part of the scene's chunk: the page itself pays nothing for them.
 */
import type { ColorScheme } from '../../../../common/theme.ts';

export interface SceneColors {
  /** The particle field's palette (sRGB, as the page's), PARTICLE_PALETTE_SIZE colours. */
  particles: readonly number[];
  /** The metallic object's tint. */
  metal: string;
}

/** How many colours a particle palette holds. */
export const PARTICLE_PALETTE_SIZE = 7;

/**
 * Dark: mostly blues, some violets and a few near-white points, lights in a night sky; the
 * metal a cool blue steel, dim enough for light text over it. Light: deeper blues and violets
 * that show as tinted points on the pale page, and a paler steel.
 */
export const SCENE_COLORS: Readonly<Record<ColorScheme, SceneColors>> = {
  dark: {
    particles: [0x1e90ff, 0x4aa8ff, 0x8ab4ff, 0x6d8bff, 0xa78bfa, 0x8b5cf6, 0xe0e7ff],
    metal: '#7d90c8',
  },
  light: {
    particles: [0x1d6fe0, 0x2f86f6, 0x4f6df0, 0x3b5bdb, 0x7c4ddf, 0x9b6cf0, 0x6b8fd6],
    metal: '#a9b6dc',
  },
};

const PREFERS_DARK = '(prefers-color-scheme: dark)';

/**
 * The scheme a page shows for the visitor's choice (`html[data-theme]`: `light`, `dark`, or
 * `system` and anything else) and the system's preference, as the design tokens resolve it.
 */
export function colorSchemeOf(choice: unknown, systemPrefersDark: boolean): ColorScheme {
  if (choice === 'light' || choice === 'dark') return choice;
  return systemPrefersDark ? 'dark' : 'light';
}

/** The scheme the page shows now. */
export function pageColorScheme(): ColorScheme {
  return colorSchemeOf(document.documentElement.dataset.theme, matchMedia(PREFERS_DARK).matches);
}

/**
 * Calls `onChange` with the page's new scheme whenever it changes: the visitor picks another
 * theme, or the system's preference changes under `system`. Returns the function that stops.
 */
export function watchPageColorScheme(onChange: (scheme: ColorScheme) => void): () => void {
  let scheme = pageColorScheme();
  const check = () => {
    const next = pageColorScheme();
    if (next === scheme) return;
    scheme = next;
    onChange(next);
  };
  const query = matchMedia(PREFERS_DARK);
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement, { attributeFilter: ['data-theme'] });
  query.addEventListener('change', check);
  return () => {
    observer.disconnect();
    query.removeEventListener('change', check);
  };
}
