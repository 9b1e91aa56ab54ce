import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { EARLY_EVENTS_SCRIPT } from '../../common/early-events-script.ts';
import { replayable, replayEarlyEvents } from './early-events.ts';

/** A page as the browser has it before the scripts: the early script ran in its head. */
beforeAll(() => {
  // The page's own inline script, run as the browser runs it (happy-dom runs no script element).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function(EARLY_EVENTS_SCRIPT) as () => void;
  run();
});

beforeEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
});

function goLive(): void {
  document.documentElement.dataset.hydrated = '';
  replayEarlyEvents();
}

/** A control as the app renders it, with a click handler standing for React's. */
function control(name: string, onClick: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  for (const [attribute, value] of Object.entries(replayable(name))) {
    button.setAttribute(attribute, value);
  }
  button.addEventListener('click', onClick);
  document.body.append(button);
  return button;
}

describe('taps before the page is live', () => {
  test('a tap on a kept control does nothing until live, then applies exactly once', async () => {
    const onClick = vi.fn();
    const next = control('carousel-next', onClick);
    next.click();
    expect(onClick).not.toHaveBeenCalled();
    expect(next).toHaveAttribute('data-queued');

    goLive();
    await vi.waitFor(() => expect(onClick).toHaveBeenCalledTimes(1));
    expect(next).not.toHaveAttribute('data-queued');
    replayEarlyEvents();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('several taps apply in the order they came, each once, one task apart', async () => {
    const order: string[] = [];
    const next = control('slider-next', () => order.push(`next ${performance.now()}`));
    const pause = control('background-pause', () => order.push('pause'));
    next.click();
    pause.click();
    next.click();
    goLive();
    // The first is applied at once; each later one after the previous has rendered.
    expect(order).toHaveLength(1);
    await vi.waitFor(() => expect(order).toHaveLength(3));
    expect(order.map((entry) => entry.split(' ')[0])).toEqual(['next', 'pause', 'next']);
  });

  test('once live, a tap goes straight to the control', () => {
    const onClick = vi.fn();
    const pause = control('carousel-pause', onClick);
    goLive();
    pause.click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('other controls are left alone', () => {
    const onClick = vi.fn();
    const button = document.createElement('button');
    button.addEventListener('click', onClick);
    document.body.append(button);
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('a control gone by the time the page is live is not clicked', async () => {
    const onClick = vi.fn();
    const next = control('carousel-next', onClick);
    next.click();
    next.remove();
    goLive();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('before the page is live', () => {
  test('Escape follows the open dialog’s close link', () => {
    document.body.innerHTML =
      '<dialog open><a href="#closed" data-close aria-label="Close">×</a></dialog>';
    const followed = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('a')?.addEventListener('click', followed);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(followed).toHaveBeenCalledTimes(1);
  });

  test('Escape does nothing once the page is live (the dialog handles it)', () => {
    document.body.innerHTML =
      '<dialog open><a href="#closed" data-close aria-label="Close">×</a></dialog>';
    const followed = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('a')?.addEventListener('click', followed);
    document.documentElement.dataset.hydrated = '';
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(followed).not.toHaveBeenCalled();
  });

  test('the first submit fills the form’s key, and a second submit keeps it', () => {
    document.body.innerHTML =
      '<form><input type="hidden" name="idempotencyKey" value=""><button>Send</button></form>';
    const form = document.querySelector('form');
    const keys: string[] = [];
    form?.addEventListener('submit', (event) => {
      event.preventDefault();
      keys.push((form.elements.namedItem('idempotencyKey') as HTMLInputElement).value);
    });
    form?.requestSubmit();
    form?.requestSubmit();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-z]{10,}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
