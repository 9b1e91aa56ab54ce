import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { skills } from '../../../content/index.ts';
import { SkillChips } from './skill-chips.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SkillChips', () => {
  it('lists the skills of the content, in order', () => {
    render(
      <>
        <h2 id="skills">Skills</h2>
        <SkillChips skills={skills} labelledBy="skills" />
      </>,
    );
    const list = screen.getByRole('list', { name: 'Skills' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(skills);
  });

  it('holds the stagger until a list below the fold scrolls into view', () => {
    let reportIntersection: (visible: boolean) => void = () => {};
    class FakeIntersectionObserver {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        reportIntersection = (visible) => callback([{ isIntersecting: visible }]);
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      top: window.innerHeight + 400,
    } as DOMRect);

    render(<SkillChips skills={skills} />);
    const list = screen.getByRole('list');
    expect(list).toHaveAttribute('data-reveal', 'waiting');
    act(() => reportIntersection(false));
    expect(list).toHaveAttribute('data-reveal', 'waiting');
    act(() => reportIntersection(true));
    expect(list).toHaveAttribute('data-reveal', 'playing');
  });

  it('leaves a list already on screen to the stagger that started with the page', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      top: 100,
    } as DOMRect);
    render(<SkillChips skills={skills} />);
    expect(screen.getByRole('list')).not.toHaveAttribute('data-reveal');
  });
});
