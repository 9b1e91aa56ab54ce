import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { apps } from '../../../content/index.ts';
import { SideMenu } from './side-menu.tsx';

/** The menu's link of that name, closed popover or not. */
function menuLink(name: string): HTMLElement {
  const menu = screen.getByRole('navigation', { name: 'Main menu', hidden: true });
  return within(menu).getByRole('link', { name, hidden: true });
}

describe("the menu's app icons", () => {
  test('where some apps have an icon, the others show their initial, so the names line up', () => {
    const [first, ...others] = apps;
    if (!first) throw new Error('content/ has no app');
    render(
      <MemoryRouter>
        <SideMenu appIcons={{ [first.slug]: '/assets/icons/first.png' }} />
      </MemoryRouter>,
    );
    expect(menuLink(first.name).querySelector('img')?.getAttribute('src')).toBe(
      '/assets/icons/first.png',
    );
    for (const app of others) {
      const mark = menuLink(app.name).querySelector('[data-initial]');
      expect(mark, app.name).not.toBeNull();
      expect(mark?.getAttribute('data-initial')).toBe(Array.from(app.name)[0]?.toUpperCase());
      expect(mark?.getAttribute('aria-hidden')).toBe('true');
    }
    // Each link's text, and its name, are the page's name alone.
    for (const app of apps) {
      expect(menuLink(app.name).textContent).toBe(app.name);
      expect(menuLink(app.name)).toHaveAccessibleName(app.name);
    }
    for (const page of ['Home', 'All Projects']) {
      expect(menuLink(page).querySelector('img, [data-initial]')).toBeNull();
    }
  });

  test('where no app has an icon, no link shows a mark', () => {
    render(
      <MemoryRouter>
        <SideMenu />
      </MemoryRouter>,
    );
    for (const name of ['Home', ...apps.map((app) => app.name), 'All Projects']) {
      expect(menuLink(name).querySelector('img, [data-initial]')).toBeNull();
    }
  });
});
