import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BUTTON_LABELS, buttonLabel } from '../../../content/buttons.ts';
import { words as en } from '../../i18n/en/site.ts';
import { words as es } from '../../i18n/es/site.ts';
import { subPagesOf } from '../../../common/paths.ts';
import { COUNT_CLICK_ATTRIBUTE, COUNT_OPEN_ATTRIBUTE } from '../../../common/visits.ts';
import { apps, site, technologies } from '../../../content/index.ts';
import type { AppTexts, BrowserApp } from '../../../content/schema.ts';
import { ProjectPage, type ProjectPageProps } from './project-page.tsx';

/** Each app's long texts, as its page loads them. */
const textModules = import.meta.glob<AppTexts>('../../../content/apps/*/app.ts', {
  eager: true,
  import: 'default',
  query: '?texts',
});

function textsOf(app: BrowserApp): AppTexts {
  const texts = textModules[`../../../content/apps/${app.slug}/app.ts`];
  if (!texts) throw new Error(`No texts for ${app.slug}`);
  return texts;
}

function createRoutesStubFor(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  return <Stub />;
}

function renderPage(props: Omit<ProjectPageProps, 'texts'>) {
  return render(createRoutesStubFor(<ProjectPage texts={textsOf(props.app)} {...props} />));
}

function expectNewTab(link: HTMLElement, href: string) {
  expect(link).toHaveAttribute('href', href);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', expect.stringContaining('noopener') as string);
  expect(link).toHaveAccessibleDescription('Opens in a new tab');
}

/** The content's first app, with what a test needs of it, whatever the owner's apps have. */
function anApp(needs: Partial<BrowserApp> = {}): BrowserApp {
  const [first] = apps;
  if (!first) throw new Error('The content has no app');
  return { ...first, ...needs };
}

const ON_THE_APP_STORE: Partial<BrowserApp> = {
  buttons: [{ kind: 'appStore', href: 'https://apps.apple.com/app/id1000000001' }],
};

describe("the store buttons' words", () => {
  it("are the specification's in English, and the page's language's elsewhere", () => {
    expect(en.showcase.buttons).toEqual(BUTTON_LABELS);
    expect(buttonLabel({ kind: 'landing' }, es.showcase.buttons)).toBe('Sitio web');
    expect(buttonLabel({ kind: 'appStore', label: 'App Store' }, es.showcase.buttons)).toBe(
      'App Store',
    );
  });
});

describe('ProjectPage', () => {
  it.each(apps.map((app) => [app.name, app] as const))(
    '%s: the title and buttons lead to its listings, in a new tab',
    (_name, app) => {
      renderPage({ app });
      const heading = screen.getByRole('heading', { level: 1, name: app.name });
      expectNewTab(within(heading).getByRole('link', { name: app.name }), app.titleHref);
      for (const button of app.buttons) {
        expectNewTab(screen.getByRole('link', { name: buttonLabel(button) }), button.href);
      }
    },
  );

  it("shows the app's icon before its name where it has one, and the name alone where not", () => {
    const app = anApp();
    const { container, unmount } = render(
      createRoutesStubFor(
        <ProjectPage app={app} texts={textsOf(app)} icon="/assets/icons/app-1a2b3c4d.png" />,
      ),
    );
    const title = screen.getByRole('heading', { level: 1 });
    const icon = container.querySelector('img[src="/assets/icons/app-1a2b3c4d.png"]');
    expect(icon).toHaveAttribute('alt', '');
    expect(icon?.compareDocumentPosition(title)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(title).toHaveAccessibleName(app.name);
    unmount();
    const { container: without } = renderPage({ app });
    expect(without.querySelector('header img')).toBeNull();
  });

  it('shows the words the owner chose for a button, on it and its QR code', () => {
    const app = anApp({
      buttons: [
        { kind: 'appStore', href: 'https://apps.apple.com/app/id1000000001', label: 'App Store' },
      ],
    });
    renderPage({ app });
    expectNewTab(
      screen.getByRole('link', { name: 'App Store' }),
      'https://apps.apple.com/app/id1000000001',
    );
    expect(screen.queryByRole('link', { name: 'Apple Store' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: `QR code of ${app.name} on App Store`, hidden: true }),
    ).toBeInTheDocument();
  });

  it('each button’s clicks and each QR code shown are counted as the app’s and the button’s', () => {
    const app = anApp(ON_THE_APP_STORE);
    renderPage({ app });
    for (const button of app.buttons) {
      expect(screen.getByRole('link', { name: buttonLabel(button) })).toHaveAttribute(
        COUNT_CLICK_ATTRIBUTE,
        `${app.slug} ${button.kind}`,
      );
    }
    const qr = screen.getByRole('img', {
      name: `QR code of ${app.name} on Apple Store`,
      hidden: true,
    });
    expect(qr.closest('[popover]')).toHaveAttribute(COUNT_OPEN_ATTRIBUTE, `${app.slug} appStore`);
  });

  it.each(apps.map((app) => [app.name, app] as const))(
    '%s: the logo row starts with the code host, then each technology, then the legal texts and support',
    (_name, app) => {
      renderPage({ app, ...subPagesOf(app) });
      const row = screen.getByRole('list', { name: `Code, tools and policies of ${app.name}` });
      const links = within(row).getAllByRole('link');
      const expected = [
        ['GitHub profile', site.codeHostUrl],
        ...app.technologies.map((tech) => [technologies[tech].name, technologies[tech].href]),
        ...(app.legal
          ? [
              ['Terms of Use', `/${app.slug}/terms`],
              ['Privacy Policy', `/${app.slug}/privacy`],
              ...Object.entries(app.legalPages ?? {}).map(([page, title]) => [
                title,
                `/${app.slug}/${page}`,
              ]),
              [`Support for ${app.name}`, `/${app.slug}/support`],
            ]
          : []),
      ];
      expect(
        links.map((link) => [
          link.getAttribute('aria-label') ?? link.textContent,
          link.getAttribute('href'),
        ]),
      ).toEqual(expected);
      for (const link of links) expect(link).toHaveAccessibleName();
    },
  );

  it('links the further legal pages an app declares by their titles, between Privacy and Support', () => {
    // Whatever the content declares, an app with two further pages of its own.
    const app = anApp({
      legal: true,
      legalPages: { 'delete-account': 'Delete Your Account', security: 'Security Policy' },
    });
    renderPage({ app, ...subPagesOf(app) });
    const row = screen.getByRole('list', { name: `Code, tools and policies of ${app.name}` });
    const names = within(row)
      .getAllByRole('link')
      .map((link) => link.textContent);
    const titles = Object.values(app.legalPages ?? {});
    expect(names.slice(-titles.length - 3)).toEqual(['Terms', 'Privacy', ...titles, 'Support']);
    for (const title of titles) {
      expect(within(row).getByRole('link', { name: title })).toBeVisible();
    }
  });

  it('reads top to bottom in the order of the spec, with the feedback and carousel slots', () => {
    const app = anApp({ legal: true });
    renderPage({
      app,
      feedback: <button type="button">Send Feedback</button>,
      carousel: <p>Screenshots</p>,
    });
    const order = [
      screen.getByRole('heading', { level: 1 }),
      screen.getAllByRole('link', { name: buttonLabel(app.buttons[0] ?? { kind: 'appStore' }) })[0],
      screen.getByRole('button', { name: 'Send Feedback' }),
      screen.getByText('Screenshots'),
      screen.getByRole('heading', { name: `About ${app.name}` }),
      screen.getByRole('heading', { name: 'Features' }),
      screen.getByRole('link', { name: 'GitHub profile' }),
    ];
    for (let index = 1; index < order.length; index += 1) {
      const before = order[index - 1];
      const after = order[index];
      if (!before || !after) throw new Error('missing element');
      expect(before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it.each(apps.map((app) => [app.name, app] as const))(
    '%s: each store and TestFlight button offers the QR code of its own link',
    (_name, app) => {
      renderPage({ app });
      for (const button of app.buttons) {
        const label = buttonLabel(button);
        const control = screen.queryByRole('button', { name: `QR code: ${label}`, hidden: true });
        if (button.kind === 'landing') {
          expect(control).toBeNull();
          continue;
        }
        const popover = document.getElementById(control?.getAttribute('popovertarget') ?? '');
        expect(popover).toHaveAttribute('popover', 'auto');
        const link = screen.getByRole('link', { name: label });
        expect(link).toHaveAttribute('interestfor', popover?.id);
        const code = within(popover as HTMLElement).getByRole('img', { hidden: true });
        expect(code).toHaveAccessibleName(`QR code of ${app.name} on ${label}`);
        expect(code).toHaveAttribute('src', `/qr/${app.slug}-${button.kind}.svg`);
      }
    },
  );

  it('the marks of the logo row, below the fold, wait for the first paint; the store marks do not', () => {
    const app = anApp(ON_THE_APP_STORE);
    const { container } = renderPage({ app });
    const row = screen.getByRole('list', { name: `Code, tools and policies of ${app.name}` });
    const rowMarks = row.querySelectorAll('[style*="--brand-icon"]');
    expect(rowMarks.length).toBeGreaterThan(0);
    for (const mark of rowMarks) expect(mark).toHaveAttribute('data-lazy');
    const storeMarks = [...container.querySelectorAll('[style*="--brand-icon"]')].filter(
      (mark) => !row.contains(mark),
    );
    expect(storeMarks.length).toBeGreaterThan(0);
    for (const mark of storeMarks) expect(mark).not.toHaveAttribute('data-lazy');
  });

  it('lists every feature of the app', () => {
    const app = anApp();
    renderPage({ app });
    const features = screen.getByRole('heading', { name: 'Features' }).nextElementSibling;
    expect(
      within(features as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(textsOf(app).features);
  });

  it('inside the slider, titles are h2 and the arrows sit beside the title', () => {
    const app = anApp();
    renderPage({ app, headingLevel: 2, titleAside: <button type="button">Next project</button> });
    expect(screen.getByRole('heading', { level: 2, name: app.name })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Features' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next project' })).toBeInTheDocument();
  });
});
