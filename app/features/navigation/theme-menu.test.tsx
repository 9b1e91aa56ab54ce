import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { themeColorMetas } from '../../../common/theme.ts';
import { THEME_SCRIPT } from '../../../common/theme-script.ts';
import { ThemeMenu } from './theme-menu.tsx';

const html = document.documentElement;
/** The listeners the page's head script added, taken away after each test. */
let added: [EventTarget, string, EventListenerOrEventListenerObject, unknown][] = [];

/** The page's head script, run as the browser runs it (happy-dom runs no script element). */
function runHeadScript(): void {
  for (const target of [document, window]) {
    const add = target.addEventListener.bind(target);
    vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
      added.push([target, type, listener, options]);
      add(type, listener, options);
    });
  }
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  (new Function(THEME_SCRIPT) as () => void)();
  vi.restoreAllMocks();
}

/** The browser's colour for the interface around the page, as it picks it now. */
function themeColorMedia(): Record<string, string | null> {
  const metas = document.head.querySelectorAll<HTMLMetaElement>('meta[name=theme-color]');
  return Object.fromEntries(
    [...metas].map((meta) => [meta.dataset.scheme ?? '', meta.getAttribute('media')]),
  );
}

/** Opens the control's popover as the browser does: `beforetoggle` first. */
function openPopover(): void {
  const panel = screen.getByRole('group', { name: 'Theme', hidden: true });
  panel.dispatchEvent(Object.assign(new Event('beforetoggle'), { newState: 'open' }));
}

beforeEach(() => {
  localStorage.clear();
  delete html.dataset.theme;
  document.head.innerHTML = themeColorMetas();
});

afterEach(() => {
  for (const [target, type, listener, options] of added) {
    target.removeEventListener(type, listener, options as boolean | undefined);
  }
  added = [];
  vi.restoreAllMocks();
});

describe('before the first paint', () => {
  test('with nothing chosen, the page follows the system', () => {
    runHeadScript();
    expect(html).toHaveAttribute('data-theme', 'system');
    expect(themeColorMedia()).toEqual({
      light: '(prefers-color-scheme: light)',
      dark: '(prefers-color-scheme: dark)',
    });
  });

  test('a theme chosen on an earlier visit is applied, browser colour included', () => {
    localStorage.setItem('theme', 'dark');
    runHeadScript();
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(themeColorMedia()).toEqual({ light: 'not all', dark: 'all' });
  });

  test('a stored value that is no theme follows the system', () => {
    localStorage.setItem('theme', 'sepia');
    runHeadScript();
    expect(html).toHaveAttribute('data-theme', 'system');
  });

  test('storage that cannot be read leaves the page following the system', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    runHeadScript();
    expect(html).toHaveAttribute('data-theme', 'system');
  });
});

describe('the Theme control', () => {
  test('is a button named Theme that opens a group of three choices', () => {
    render(<ThemeMenu />);
    const button = screen.getByRole('button', { name: 'Theme' });
    expect(button).toHaveAttribute('popovertarget', 'theme-menu');
    const group = screen.getByRole('group', { name: 'Theme', hidden: true });
    expect(group).toHaveAttribute('id', 'theme-menu');
    expect(group).toHaveAttribute('popover', 'auto');
    expect(
      screen.getAllByRole('radio', { hidden: true }).map((radio) => radio.getAttribute('value')),
    ).toEqual(['system', 'light', 'dark']);
    for (const name of ['System', 'Light', 'Dark']) {
      expect(screen.getByRole('radio', { name, hidden: true })).toBeInTheDocument();
    }
  });

  test('shows the theme in force checked as it opens', () => {
    localStorage.setItem('theme', 'light');
    runHeadScript();
    render(<ThemeMenu />);
    openPopover();
    expect(screen.getByRole('radio', { name: 'Light', hidden: true })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'System', hidden: true })).not.toBeChecked();
  });

  test('a choice applies at once and is kept for the next visit; System forgets it', async () => {
    const user = userEvent.setup();
    runHeadScript();
    render(<ThemeMenu />);
    openPopover();

    await user.click(screen.getByRole('radio', { name: 'Dark', hidden: true }));
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(themeColorMedia()).toEqual({ light: 'not all', dark: 'all' });

    await user.click(screen.getByRole('radio', { name: 'Light', hidden: true }));
    expect(html).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem('theme')).toBe('light');

    await user.click(screen.getByRole('radio', { name: 'System', hidden: true }));
    expect(html).toHaveAttribute('data-theme', 'system');
    expect(localStorage.getItem('theme')).toBeNull();
    expect(themeColorMedia()).toEqual({
      light: '(prefers-color-scheme: light)',
      dark: '(prefers-color-scheme: dark)',
    });
  });

  test('a choice still applies to the page where storage refuses it', async () => {
    const user = userEvent.setup();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    runHeadScript();
    render(<ThemeMenu />);
    await user.click(screen.getByRole('radio', { name: 'Light', hidden: true }));
    expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('a choice made in another tab applies here too, control included', () => {
    runHeadScript();
    render(<ThemeMenu />);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(screen.getByRole('radio', { name: 'Dark', hidden: true })).toBeChecked();
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: null }));
    expect(html).toHaveAttribute('data-theme', 'system');
  });
});
