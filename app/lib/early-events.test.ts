import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { DIALOG_PAGE_ATTRIBUTE, HELD_FORM_MS } from '../../common/early-events.ts';
import { EARLY_COUNTS_GLOBAL } from '../../common/visits.ts';
import { earlyEffect, isPlainClick, pressedInPage } from './early-events.ts';
import { runEarlyScripts } from './run-early-scripts.ts';

/** A page as the browser has it before the scripts: the early script ran in its head. */
beforeAll(() => {
  runEarlyScripts();
});

const global = self as unknown as Record<string, unknown>;

beforeEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
  global[EARLY_COUNTS_GLOBAL] = [];
});

afterEach(() => {
  vi.useRealTimers();
});

/** The root has hydrated the page: React handles the clicks from now on. */
function goLive(): void {
  document.documentElement.dataset.hydrated = '';
}

/** Puts `html` in the page, with a click listener standing for React’s on each control the script knows. */
function page(html: string) {
  document.body.innerHTML = html;
  const reactClicks: string[] = [];
  for (const element of document.querySelectorAll<HTMLElement>('[data-early], [data-close]')) {
    element.addEventListener('click', (event) => {
      event.preventDefault();
      reactClicks.push(element.getAttribute('aria-label') ?? element.textContent);
    });
  }
  return reactClicks;
}

function byLabel(label: string, within: ParentNode = document): HTMLElement {
  const element = within.querySelector<HTMLElement>(`[aria-label="${label}"]`);
  if (!element) throw new Error(`No element labelled ${label}`);
  return element;
}

function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`No element #${id}`);
  return element;
}

function dialogById(id: string): HTMLDialogElement {
  const element = byId(id);
  if (!(element instanceof HTMLDialogElement)) throw new Error(`#${id} is not a dialog`);
  return element;
}

describe('a toggle (press)', () => {
  test('flips once per tap before the page is live, without reaching the app', () => {
    const reactClicks = page(
      '<button type="button" data-early="press" aria-pressed="false" aria-label="Pause">‖</button>',
    );
    const pause = byLabel('Pause');
    pause.click();
    expect(pause).toHaveAttribute('aria-pressed', 'true');
    pause.click();
    expect(pause).toHaveAttribute('aria-pressed', 'false');
    pause.click();
    expect(pause).toHaveAttribute('aria-pressed', 'true');
    expect(reactClicks).toEqual([]);
  });

  test('once live, is left to the app: the tap reaches it and the script changes nothing', () => {
    const reactClicks = page(
      '<button type="button" data-early="press" aria-pressed="false" aria-label="Pause">‖</button>',
    );
    goLive();
    const pause = byLabel('Pause');
    pause.click();
    expect(pause).toHaveAttribute('aria-pressed', 'false');
    expect(reactClicks).toEqual(['Pause']);
  });
});

describe('the screenshot carousel (step)', () => {
  /** Five screenshots, two on screen at a time: pages of 1–2, 3–4 and 5. */
  function carousel() {
    const reactClicks = page(`
      <section data-total="5" style="--per-view: 2">
        <button type="button" data-early="step -1" aria-label="Previous screenshots">‹</button>
        <span data-position>1–2 / 5</span>
        <button type="button" data-early="step 1" aria-label="Next screenshots">›</button>
      </section>`);
    const section = document.querySelector('section');
    const position = document.querySelector('[data-position]');
    if (!section || !position) throw new Error('No carousel');
    const state = () => ({
      position: position.textContent,
      first: section.getAttribute('data-first'),
      shift: section.style.getPropertyValue('--first'),
    });
    return {
      reactClicks,
      state,
      next: () => byLabel('Next screenshots').click(),
      previous: () => byLabel('Previous screenshots').click(),
    };
  }

  test('moves on a page of images per tap, and wraps from the last back to the first', () => {
    const { next, state, reactClicks } = carousel();
    next();
    expect(state()).toEqual({ position: '3–4 / 5', first: '2', shift: '2' });
    next();
    expect(state()).toEqual({ position: '5 / 5', first: '4', shift: '4' });
    next();
    expect(state()).toEqual({ position: '1–2 / 5', first: '0', shift: '0' });
    expect(reactClicks).toEqual([]);
  });

  test('moves back, and wraps from the first to the last', () => {
    const { previous, state } = carousel();
    previous();
    expect(state()).toEqual({ position: '5 / 5', first: '4', shift: '4' });
    previous();
    expect(state()).toEqual({ position: '3–4 / 5', first: '2', shift: '2' });
    previous();
    expect(state()).toEqual({ position: '1–2 / 5', first: '0', shift: '0' });
  });

  test('once live, is left to the app', () => {
    const { next, state, reactClicks } = carousel();
    goLive();
    next();
    expect(state().position).toBe('1–2 / 5');
    expect(state().first).toBeNull();
    expect(reactClicks).toEqual(['Next screenshots']);
  });
});

describe('the All Projects slider (show)', () => {
  function slider() {
    history.replaceState(null, '', window.location.pathname);
    const slide = (id: string, before: string, after: string, hidden: boolean) => `
      <div id="project-${id}" ${hidden ? 'hidden' : ''}>
        <h2>${id}</h2>
        <a href="#project-${before}" data-early="show" aria-label="Previous project">‹</a>
        <a href="#project-${after}" data-early="show" aria-label="Next project">›</a>
      </div>`;
    const reactClicks = page(
      `<div id="viewport">${slide('alpha', 'gamma', 'beta', false)}${slide('beta', 'alpha', 'gamma', true)}${slide('gamma', 'beta', 'alpha', true)}</div>`,
    );
    const shown = () =>
      Array.from(byId('viewport').children)
        .filter((slide) => !(slide as HTMLElement).hidden)
        .map((slide) => slide.id);
    return { reactClicks, shown };
  }

  test('a tap on an arrow names the slide it links to in the address, where the stylesheet shows it', () => {
    const { reactClicks } = slider();
    byLabel('Next project', byId('project-alpha')).click();
    expect(window.location.hash).toBe('#project-beta');
    byLabel('Next project', byId('project-beta')).click();
    expect(window.location.hash).toBe('#project-gamma');
    byLabel('Next project', byId('project-gamma')).click();
    expect(window.location.hash).toBe('#project-alpha');
    byLabel('Previous project', byId('project-alpha')).click();
    expect(window.location.hash).toBe('#project-gamma');
    expect(reactClicks).toEqual([]);
  });

  test('focus moves with the arrow that was used, to the same arrow of the slide shown', () => {
    slider();
    const next = byLabel('Next project', byId('project-alpha'));
    next.focus();
    next.click();
    expect(document.activeElement).toBe(byLabel('Next project', byId('project-beta')));
  });

  test('once live, is left to the app', () => {
    const { shown, reactClicks } = slider();
    goLive();
    byLabel('Next project', byId('project-alpha')).click();
    expect(shown()).toEqual(['project-alpha']);
    expect(window.location.hash).toBe('');
    expect(reactClicks).toEqual(['Next project']);
  });
});

describe('a dialog (open, close)', () => {
  function feedback(closeHref = window.location.pathname) {
    return page(`
      <button type="button" data-early="open feedback">Send Feedback</button>
      <dialog id="feedback">
        <a href="${closeHref}" data-close aria-label="Close">×</a>
        <p>Send Feedback</p>
      </dialog>`);
  }

  test('a tap on its control opens it at once, noting when; its close link to this page closes it', () => {
    const reactClicks = feedback();
    const dialog = dialogById('feedback');
    expect(dialog.open).toBe(false);
    const before = Date.now();
    document.querySelector('button')?.click();
    expect(dialog.open).toBe(true);
    expect(Number(dialog.getAttribute('data-opened-at'))).toBeGreaterThanOrEqual(before);
    expect(Number(dialog.getAttribute('data-opened-at'))).toBeLessThanOrEqual(Date.now());

    byLabel('Close', dialog).click();
    expect(dialog.open).toBe(false);
    expect(reactClicks).toEqual([]);
  });

  test('a close link to another page closes it at once; the browser follows the link only if the dialog never comes live', () => {
    vi.useFakeTimers();
    const reactClicks = page(`
      <dialog id="feedback" open><a href="/echoexpense" data-close aria-label="Close">×</a></dialog>
      <dialog id="privacy" open><a href="/echoexpense" data-close aria-label="Close">×</a></dialog>`);
    const followed = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const feedbackDialog = dialogById('feedback');
    const privacyDialog = dialogById('privacy');
    byLabel('Close', feedbackDialog).click();
    byLabel('Close', privacyDialog).click();
    expect(feedbackDialog.open).toBe(false);
    expect(privacyDialog.open).toBe(false);
    expect(reactClicks).toEqual([]);
    // The feedback dialog comes live in time, and goes to the app's page itself.
    feedbackDialog.setAttribute('data-live', '');
    vi.advanceTimersByTime(HELD_FORM_MS - 1);
    expect(followed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(followed.mock.calls).toEqual([[`${window.location.origin}/echoexpense`]]);
  });

  test('closing the dialog a page opens with gives the page behind it back at once', () => {
    page('<dialog open><a href="/echoexpense" data-close aria-label="Close">×</a></dialog>');
    document.body.setAttribute(DIALOG_PAGE_ATTRIBUTE, '');
    byLabel('Close').click();
    expect(document.body.hasAttribute(DIALOG_PAGE_ATTRIBUTE)).toBe(false);
    document.body.removeAttribute(DIALOG_PAGE_ATTRIBUTE);
  });

  test('once live, opening is left to the app', () => {
    const reactClicks = feedback();
    goLive();
    document.querySelector('button')?.click();
    expect(dialogById('feedback').open).toBe(false);
    expect(reactClicks).toEqual(['Send Feedback']);
  });

  test('once the dialog is live, closing is left to it, even before the page is', () => {
    const reactClicks = feedback();
    const dialog = dialogById('feedback');
    document.querySelector('button')?.click();
    dialog.setAttribute('data-live', '');
    byLabel('Close', dialog).click();
    expect(dialog.open).toBe(true);
    expect(reactClicks).toEqual(['Close']);
  });
});

describe('Escape before the dialog is live', () => {
  function escape(): void {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  }

  test('closes an open dialog whose close link leads to this page', () => {
    const reactClicks = page(
      `<dialog open><a href="${window.location.pathname}" data-close aria-label="Close">×</a></dialog>`,
    );
    const dialog = document.querySelector('dialog');
    escape();
    expect(dialog?.open).toBe(false);
    expect(reactClicks).toEqual([]);
  });

  test('closes an open dialog whose close link leads to another page', () => {
    const reactClicks = page(
      '<dialog open><a href="/echoexpense" data-close aria-label="Close">×</a></dialog>',
    );
    escape();
    expect(document.querySelector('dialog')?.open).toBe(false);
    expect(reactClicks).toEqual([]);
  });

  test('still closes a dialog whose own code is not live yet, once the page is', () => {
    page(
      `<dialog open><a href="${window.location.pathname}" data-close aria-label="Close">×</a></dialog>`,
    );
    goLive();
    escape();
    expect(document.querySelector('dialog')?.open).toBe(false);
  });

  test('does nothing once the dialog is live (it handles Escape itself)', () => {
    document.body.innerHTML =
      '<dialog open data-live><a href="/echoexpense" data-close aria-label="Close">×</a></dialog>';
    const followed = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('a')?.addEventListener('click', followed);
    escape();
    expect(followed).not.toHaveBeenCalled();
    expect(document.querySelector('dialog')?.open).toBe(true);
  });

  test('does nothing with no dialog open', () => {
    document.body.innerHTML =
      '<dialog><a href="/echoexpense" data-close aria-label="Close">×</a></dialog>';
    const followed = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('a')?.addEventListener('click', followed);
    escape();
    expect(followed).not.toHaveBeenCalled();
  });
});

describe('a form sent before it is live', () => {
  function form(dialogAttributes = 'open') {
    document.body.innerHTML = `
      <dialog ${dialogAttributes}>
        <form method="post" action="/api/sendMail/form">
          <input type="hidden" name="idempotencyKey" value="">
          <input name="message" value="Hello">
          <button>Send</button>
        </form>
      </dialog>`;
    const element = document.querySelector('form');
    if (!element) throw new Error('No form');
    const posted = vi.fn();
    element.submit = posted;
    const submits: { prevented: boolean }[] = [];
    element.addEventListener('submit', (event) => {
      submits.push({ prevented: event.defaultPrevented });
      event.preventDefault();
    });
    return { form: element, posted, submits };
  }

  test('is held in a dialog not live yet (nothing posted), and marked for the form to send', () => {
    const { form: held, submits, posted } = form();
    held.requestSubmit();
    expect(submits).toEqual([{ prevented: true }]);
    expect(held).toHaveAttribute('data-queued');
    expect(posted).not.toHaveBeenCalled();
  });

  test('is posted by the browser if its dialog does not come live in time', () => {
    vi.useFakeTimers();
    const { form: held, posted } = form();
    held.requestSubmit();
    vi.advanceTimersByTime(HELD_FORM_MS - 1);
    expect(posted).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(posted).toHaveBeenCalledTimes(1);
    expect(held).not.toHaveAttribute('data-queued');
  });

  test('is not posted by the browser once the form has taken it over', () => {
    vi.useFakeTimers();
    const { form: held, posted } = form();
    held.requestSubmit();
    // The form, live: it sends what was held itself.
    held.removeAttribute('data-queued');
    vi.advanceTimersByTime(HELD_FORM_MS);
    expect(posted).not.toHaveBeenCalled();
  });

  test('goes to the form in a dialog that is live', () => {
    const { form: live, submits } = form('open data-live');
    live.requestSubmit();
    expect(submits).toEqual([{ prevented: false }]);
    expect(live).not.toHaveAttribute('data-queued');
  });

  test('goes to a form outside any dialog', () => {
    document.body.innerHTML =
      '<form><input name="message" value="Hello"><button>Send</button></form>';
    const plain = document.querySelector('form');
    const submits: boolean[] = [];
    plain?.addEventListener('submit', (event) => {
      submits.push(event.defaultPrevented);
      event.preventDefault();
    });
    plain?.requestSubmit();
    expect(submits).toEqual([false]);
    expect(plain).not.toHaveAttribute('data-queued');
  });

  test('the first submit of a held form fills its key, and a second submit keeps it', () => {
    document.body.innerHTML =
      '<dialog open><form><input type="hidden" name="idempotencyKey" value=""><button>Send</button></form></dialog>';
    const keyed = document.querySelector('form');
    const key = () => (keyed?.elements.namedItem('idempotencyKey') as HTMLInputElement).value;
    keyed?.requestSubmit();
    const first = key();
    keyed?.requestSubmit();
    expect(first).toMatch(/^[0-9a-z]{10,}$/);
    expect(key()).toBe(first);
  });
});

describe('other clicks', () => {
  test('a click on a control the script does not know goes straight to it', () => {
    const onClick = vi.fn();
    const button = document.createElement('button');
    button.addEventListener('click', onClick);
    document.body.append(button);
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('a click on a counted control is noted for the visit beacon, and still reaches the control', () => {
    document.body.innerHTML =
      '<a data-count-click="echoexpense appStore"><span>App Store</span></a><button>Other</button>';
    const store = document.querySelector('a');
    const onClick = vi.fn();
    store?.addEventListener('click', onClick);
    document.querySelector('span')?.click();
    document.querySelector('button')?.click();
    expect(global[EARLY_COUNTS_GLOBAL]).toEqual(['echoexpense appStore']);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('once the beacon has taken the noted clicks, nothing more is noted', () => {
    document.body.innerHTML = '<a data-count-click="echoexpense appStore">App Store</a>';
    global[EARLY_COUNTS_GLOBAL] = undefined;
    document.querySelector('a')?.click();
    expect(global[EARLY_COUNTS_GLOBAL]).toBeUndefined();
  });
});

describe('the app’s side', () => {
  test('earlyEffect marks a control for the script', () => {
    const reactClicks = page('<button type="button" aria-pressed="false">Pause</button>');
    const pause = document.querySelector('button');
    if (!pause) throw new Error('No button');
    for (const [name, value] of Object.entries(earlyEffect('press')))
      pause.setAttribute(name, value);
    pause.click();
    expect(pressedInPage(pause)).toBe(true);
    expect(reactClicks).toEqual([]);
  });

  test('pressedInPage reads aria-pressed as the page has it', () => {
    document.body.innerHTML =
      '<button aria-pressed="true">A</button><button aria-pressed="false">B</button><button>C</button>';
    const [a, b, c] = Array.from(document.querySelectorAll('button'));
    expect([a, b, c, null].map((button) => pressedInPage(button ?? null))).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  test('isPlainClick: the main button with no modifier, not handled yet', () => {
    const plain = {
      button: 0,
      altKey: false,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      defaultPrevented: false,
    };
    expect(isPlainClick(plain)).toBe(true);
    expect(isPlainClick({ ...plain, button: 1 })).toBe(false);
    expect(isPlainClick({ ...plain, altKey: true })).toBe(false);
    expect(isPlainClick({ ...plain, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...plain, metaKey: true })).toBe(false);
    expect(isPlainClick({ ...plain, shiftKey: true })).toBe(false);
    expect(isPlainClick({ ...plain, defaultPrevented: true })).toBe(false);
  });
});
