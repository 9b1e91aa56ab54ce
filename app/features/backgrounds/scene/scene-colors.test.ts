import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeMediaQueries } from '../../../lib/fake-media-queries.ts';
import {
  colorSchemeOf,
  pageColorScheme,
  SCENE_COLORS,
  watchPageColorScheme,
} from './scene-colors.ts';

const html = document.documentElement;
const prefersDark = (query: string) => query === '(prefers-color-scheme: dark)';
const prefersLight = () => false;

afterEach(() => {
  delete html.dataset.theme;
  vi.restoreAllMocks();
});

/**
 * Sets the visitor's theme and resolves once the page's observers have seen it: they are
 * called back in the order they were made, and the one here is made after the scene's.
 */
function chooseTheme(theme: string): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(html, { attributeFilter: ['data-theme'] });
    html.dataset.theme = theme;
  });
}

describe("the scene's colours", () => {
  test("show the chosen scheme whatever the system prefers, else the system's", () => {
    expect(colorSchemeOf('light', true)).toBe('light');
    expect(colorSchemeOf('dark', false)).toBe('dark');
    expect(colorSchemeOf('system', true)).toBe('dark');
    expect(colorSchemeOf('system', false)).toBe('light');
    for (const other of [undefined, '', 'sepia', 'Dark']) {
      expect(colorSchemeOf(other, true)).toBe('dark');
    }
  });

  test("follow the visitor's choice, else the system's preference", () => {
    fakeMediaQueries(prefersDark);
    html.dataset.theme = 'system';
    expect(pageColorScheme()).toBe('dark');
    html.dataset.theme = 'light';
    expect(pageColorScheme()).toBe('light');
    delete html.dataset.theme;
    expect(pageColorScheme()).toBe('dark');
  });

  test('change when the visitor picks another theme, and when the system changes under System', async () => {
    const system = fakeMediaQueries(prefersLight);
    html.dataset.theme = 'system';
    const onChange = vi.fn();
    const stop = watchPageColorScheme(onChange);

    await chooseTheme('dark');
    expect(onChange).toHaveBeenLastCalledWith('dark');

    await chooseTheme('system');
    expect(onChange).toHaveBeenLastCalledWith('light');

    system.change(prefersDark);
    expect(onChange).toHaveBeenLastCalledWith('dark');
    expect(onChange).toHaveBeenCalledTimes(3);

    // The same scheme by another way (Dark chosen under a dark system) is no change.
    await chooseTheme('dark');
    expect(onChange).toHaveBeenCalledTimes(3);

    stop();
    await chooseTheme('light');
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  test('stand out from the page: darker than the light page, brighter than the dark one', () => {
    // Brightness as the eye weighs the channels.
    const luminance = (hex: number) =>
      0.2126 * (((hex >> 16) & 0xff) / 255) +
      0.7152 * (((hex >> 8) & 0xff) / 255) +
      0.0722 * ((hex & 0xff) / 255);
    for (const color of SCENE_COLORS.light.particles) expect(luminance(color)).toBeLessThan(0.7);
    for (const color of SCENE_COLORS.dark.particles) expect(luminance(color)).toBeGreaterThan(0.3);
  });
});
