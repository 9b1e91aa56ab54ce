import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectSlider, SLIDER_FADE_MS, type SlideContext } from './project-slider.tsx';

const items = [
  { id: 'alpha', name: 'Alpha' },
  { id: 'beta', name: 'Beta' },
  { id: 'gamma', name: 'Gamma' },
  { id: 'delta', name: 'Delta' },
];

const renderedSlides: { id: string; active: boolean }[] = [];

function Slide({ item, context }: { item: (typeof items)[number]; context: SlideContext }) {
  renderedSlides.push({ id: item.id, active: context.active });
  return (
    <article aria-labelledby={`title-${item.id}`}>
      <h2 id={`title-${item.id}`}>{item.name}</h2>
      {context.titleAside}
      <a href={`/${item.id}`}>Read about {item.name}</a>
      <label>
        Note <input />
      </label>
    </article>
  );
}

function sliderPage(initialEntries = ['/'], onApproach?: (item: (typeof items)[number]) => void) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <ProjectSlider
          items={items}
          onApproach={onApproach}
          renderSlide={(item, context) => <Slide item={item} context={context} />}
        />
      ),
    },
  ]);
  return <Stub initialEntries={initialEntries} />;
}

function renderSlider(initialEntries = ['/'], onApproach?: (item: (typeof items)[number]) => void) {
  return render(sliderPage(initialEntries, onApproach));
}

const activeTitle = () => screen.getByRole('heading', { level: 2 }).textContent;
/** The active slide: the one group not hidden from assistive technology. */
const activeSlide = () => screen.getByRole('group');
/** An arrow of the active slide (a link to the slide before or after it). */
const arrow = (name: 'Next project' | 'Previous project') =>
  within(activeSlide()).getByRole('link', { name });
const next = () => fireEvent.click(arrow('Next project'));
const previous = () => fireEvent.click(arrow('Previous project'));
const finishFade = () => {
  act(() => {
    vi.advanceTimersByTime(SLIDER_FADE_MS);
  });
};

beforeEach(() => {
  vi.useFakeTimers();
  renderedSlides.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ProjectSlider', () => {
  it('starts on the first slide, labelled as a carousel of slides', () => {
    renderSlider();
    const carousel = screen.getByRole('region', { name: 'All Projects' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slide = within(carousel).getByRole('group', { name: 'Alpha, 1 of 4' });
    expect(slide).toHaveAttribute('aria-roledescription', 'slide');
    expect(activeTitle()).toBe('Alpha');
  });

  it('has arrows that are links to the slides before and after, which work without scripts', () => {
    renderSlider();
    expect(arrow('Previous project')).toHaveAttribute('href', '#project-delta');
    expect(arrow('Next project')).toHaveAttribute('href', '#project-beta');
    expect(activeSlide()).toHaveAttribute('id', 'project-alpha');
    next();
    finishFade();
    expect(activeSlide()).toHaveAttribute('id', 'project-beta');
    expect(arrow('Previous project')).toHaveAttribute('href', '#project-alpha');
    expect(arrow('Next project')).toHaveAttribute('href', '#project-gamma');
  });

  it('wraps from the first slide back to the last, and on from the last to the first', () => {
    renderSlider();
    previous();
    expect(activeTitle()).toBe('Delta');
    finishFade();
    previous();
    expect(activeTitle()).toBe('Gamma');
    next();
    expect(activeTitle()).toBe('Delta');
    next();
    expect(activeTitle()).toBe('Alpha');
    next();
    expect(activeTitle()).toBe('Beta');
  });

  it('goes all the way round in either direction', () => {
    renderSlider();
    const seen: (string | null)[] = [];
    for (let step = 0; step < items.length; step += 1) {
      next();
      seen.push(activeTitle());
    }
    expect(seen).toEqual(['Beta', 'Gamma', 'Delta', 'Alpha']);
    seen.length = 0;
    for (let step = 0; step < items.length; step += 1) {
      previous();
      seen.push(activeTitle());
    }
    expect(seen).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha']);
  });

  it('moves with the arrow keys while focus is inside, but not while typing', () => {
    renderSlider();
    const link = screen.getByRole('link', { name: 'Read about Alpha' });
    link.focus();
    fireEvent.keyDown(link, { key: 'ArrowRight' });
    expect(activeTitle()).toBe('Beta');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowLeft' });
    expect(activeTitle()).toBe('Alpha');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowLeft' });
    expect(activeTitle()).toBe('Delta');

    finishFade();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Note' }), { key: 'ArrowRight' });
    expect(activeTitle()).toBe('Delta');
  });

  it('announces the new slide in a polite live region', () => {
    renderSlider();
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('');
    next();
    expect(status).toHaveTextContent('Beta, 2 of 4');
    previous();
    previous();
    expect(status).toHaveTextContent('Delta, 4 of 4');
  });

  it('lets only the active slide be focused while the previous one fades out', () => {
    renderSlider();
    next();
    // The slide fading out is still drawn, but inert and hidden from assistive technology.
    const leavingLink = screen.getByText('Read about Alpha');
    expect(leavingLink.closest('[inert]')).not.toBeNull();
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Beta, 2 of 4' })).not.toHaveAttribute('inert');
    // The only links within reach are the active slide's: its arrows and its own link.
    const beta = screen.getByRole('group', { name: 'Beta, 2 of 4' });
    expect(screen.getAllByRole('link')).toEqual([
      within(beta).getByRole('link', { name: 'Previous project' }),
      within(beta).getByRole('link', { name: 'Next project' }),
      within(beta).getByRole('link', { name: 'Read about Beta' }),
    ]);

    finishFade();
    expect(screen.queryByText('Read about Alpha')).not.toBeInTheDocument();
  });

  it('never renders more than the active slide and the one fading out', () => {
    renderSlider();
    next();
    next();
    next();
    const lastRender = renderedSlides.slice(-2);
    expect(lastRender).toEqual([
      { id: 'gamma', active: false },
      { id: 'delta', active: true },
    ]);
    expect(new Set(renderedSlides.map((slide) => slide.id)).size).toBe(4);
    expect(screen.getAllByRole('heading', { hidden: true })).toHaveLength(2);
    finishFade();
    expect(screen.getAllByRole('heading', { hidden: true })).toHaveLength(1);
  });

  it('keeps focus on the arrow that was used, in the new slide', () => {
    renderSlider();
    const nextLink = arrow('Next project');
    nextLink.focus();
    fireEvent.click(nextLink);
    expect(document.activeElement).toBe(arrow('Next project'));
    expect(document.activeElement).not.toBe(nextLink);
    expect(document.activeElement?.closest('[role="group"]')).toHaveAccessibleName('Beta, 2 of 4');
  });

  it('switches at once, with nothing fading, for visitors who prefer reduced motion', () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list = matchMedia(query);
      if (query !== '(prefers-reduced-motion: reduce)') return list;
      Object.defineProperty(list, 'matches', { value: true });
      return list;
    });
    renderSlider();
    next();
    expect(activeTitle()).toBe('Beta');
    expect(screen.queryByText('Read about Alpha')).not.toBeInTheDocument();
  });

  it('tells which page the visitor may move on from: on pointer or focus entering, and after each move', () => {
    const approached: string[] = [];
    renderSlider(['/'], (item) => approached.push(item.name));
    expect(approached).toEqual([]);
    const slider = screen.getByRole('region', { name: 'All Projects' });
    fireEvent.pointerEnter(slider);
    expect(approached).toEqual(['Alpha']);
    next();
    expect(approached).toEqual(['Alpha', 'Beta']);
    fireEvent.focus(screen.getByRole('link', { name: 'Read about Beta' }));
    expect(approached).toEqual(['Alpha', 'Beta', 'Beta']);
    previous();
    previous();
    expect(approached).toEqual(['Alpha', 'Beta', 'Beta', 'Alpha', 'Delta']);
  });

  it('returns to the slide it was on when the visitor comes back', () => {
    renderSlider([{ pathname: '/', state: { projectSlide: 'gamma' } } as unknown as string]);
    expect(activeTitle()).toBe('Gamma');
  });

  it('carries on from the slide shown before the page was live', () => {
    const container = document.createElement('div');
    document.body.append(container);
    // The prerendered page: every slide in it, all but the first hidden.
    container.innerHTML = renderToString(sliderPage());
    const slides = ['alpha', 'beta', 'gamma', 'delta'].map((id) =>
      container.querySelector<HTMLElement>(`#project-${id}`),
    );
    expect(slides.map((slide) => slide?.hidden)).toEqual([false, true, true, true]);
    // A tap on Next before the page was live: the early script showed Beta, hid the others.
    for (const slide of slides) if (slide) slide.hidden = slide.id !== 'project-beta';

    let root: ReturnType<typeof hydrateRoot> | undefined;
    act(() => {
      root = hydrateRoot(container, sliderPage());
    });
    expect(activeTitle()).toBe('Beta');
    expect(screen.getByRole('group')).toHaveAccessibleName('Beta, 2 of 4');
    next();
    expect(activeTitle()).toBe('Gamma');
    act(() => root?.unmount());
    container.remove();
  });
});
