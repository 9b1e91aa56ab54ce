import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinkLanding, type LinkLandingProps } from './link-landing.tsx';
import { useHydratedValue } from './use-hydrated-value.ts';

const PROPS: LinkLandingProps = {
  appName: 'Manzanos PopShop',
  accent: '#e54666',
  title: 'A Funko Pop shared with you',
  description: 'A friend shared a figure with you. Open it in the app, or get the app first.',
  appUrl: 'manzanospopshop://item/42?ref=ana',
  stores: [
    {
      kind: 'appStore',
      platform: 'ios',
      href: 'https://apps.apple.com/us/app/x/id1',
      qrSrc: '/qr/a.svg',
    },
    {
      kind: 'playStore',
      platform: 'android',
      href: 'https://play.google.com/store/apps/details?id=x',
      qrSrc: '/qr/p.svg',
    },
  ],
  appPageHref: '/manzanos-popshop',
};

function renderLanding(props: Partial<LinkLandingProps> = {}) {
  return render(
    <MemoryRouter>
      <LinkLanding {...PROPS} {...props} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  delete document.documentElement.dataset.platform;
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe("the page of an app's link", () => {
  it('names the app and what the link is, opens it in the app, and offers its stores', () => {
    renderLanding();
    const page = screen.getByRole('article', { name: PROPS.title });
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(PROPS.title);
    expect(page).toHaveTextContent('Manzanos PopShop');
    expect(page).toHaveTextContent(PROPS.description);
    expect(screen.getByRole('link', { name: 'Open in the app' })).toHaveAttribute(
      'href',
      PROPS.appUrl,
    );
    const stores = screen.getByRole('region', { name: 'Don’t have Manzanos PopShop?' });
    expect(within(stores).getByRole('link', { name: 'App Store' })).toHaveAttribute(
      'href',
      'https://apps.apple.com/us/app/x/id1',
    );
    expect(within(stores).getByRole('link', { name: 'Google Play' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=x',
    );
    expect(
      within(stores).getByRole('img', { name: /^QR code of Manzanos PopShop on Google Play/ }),
    ).toHaveAttribute('src', '/qr/p.svg');
    expect(screen.getByRole('link', { name: 'More about Manzanos PopShop' })).toHaveAttribute(
      'href',
      '/manzanos-popshop',
    );
  });

  it("shows the app's icon where it has one, and its initial where it has none", () => {
    const { container, unmount } = renderLanding({ icon: '/assets/icons/popshop-1a2b3c4d.png' });
    const icon = container.querySelector('img[src^="/assets/icons/"]');
    expect(icon).toHaveAttribute('src', '/assets/icons/popshop-1a2b3c4d.png');
    expect(icon).toHaveAttribute('alt', '');
    expect(container.querySelector('[data-initial]')).toBeNull();
    unmount();
    const { container: without } = renderLanding();
    expect(without.querySelector('img[src^="/assets/icons/"]')).toBeNull();
    expect(without.querySelector('[data-initial]')).toHaveAttribute('data-initial', 'M');
  });

  it('marks which stores there are, for the stylesheet to show the platform’s own', () => {
    const { container } = renderLanding({ stores: PROPS.stores.slice(0, 1) });
    const list = container.querySelector('ul');
    expect(list).toHaveAttribute('data-has-ios');
    expect(list).not.toHaveAttribute('data-has-android');
    expect(screen.getByRole('link', { name: 'App Store' }).closest('li')).toHaveAttribute(
      'data-store',
      'ios',
    );
  });

  it('opens the app by itself once on iOS, when asked to', () => {
    document.documentElement.dataset.platform = 'ios';
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { unmount } = renderLanding({ openOnArrival: PROPS.appUrl });
    unmount();
    renderLanding({ openOnArrival: PROPS.appUrl });
    expect(assign.mock.calls).toEqual([[PROPS.appUrl]]);
  });
});

function Address({ live }: { live: string }) {
  return <a href={useHydratedValue(live, 'app://')}>Open</a>;
}

describe('a value the prerendered page cannot know', () => {
  it('is the prerendered one while hydrating, then the live one, written into the page', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Address live="app://one" />);
    expect(container.querySelector('a')).toHaveAttribute('href', 'app://');
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Address live="app://item/7" />);
      await Promise.resolve();
    });
    expect(container.querySelector('a')).toHaveAttribute('href', 'app://item/7');
    container.remove();
  });
});
