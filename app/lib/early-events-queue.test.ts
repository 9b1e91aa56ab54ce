import { expect, test } from 'vitest';
import { EARLY_EFFECTS_SCRIPT, EARLY_EVENTS_SCRIPT } from '../../common/early-events-script.ts';
import { runEarlyScript } from './run-early-scripts.ts';

test('a tap before the effects have loaded is held, and applied once, as they load', () => {
  // Only the head's inline script has run: its effects are still on their way.
  runEarlyScript(EARLY_EVENTS_SCRIPT);
  document.body.innerHTML = `
    <button type="button" data-early="press" aria-pressed="false">Pause animation</button>
    <dialog open><form><input name="idempotencyKey" value=""><button>Send</button></form></dialog>`;
  const toggle = document.querySelector('button');
  const form = document.querySelector('form');
  let followed = 0;
  document.addEventListener('click', () => followed++);
  toggle?.click();
  form?.requestSubmit();
  // Held: the browser did nothing with either, and the form is queued for the page.
  expect(toggle?.getAttribute('aria-pressed')).toBe('false');
  expect(followed).toBe(0);
  expect(form?.hasAttribute('data-queued')).toBe(true);

  runEarlyScript(EARLY_EFFECTS_SCRIPT);
  expect(toggle?.getAttribute('aria-pressed')).toBe('true');
  expect((form?.elements.namedItem('idempotencyKey') as HTMLInputElement).value).not.toBe('');
  // Loaded twice, it applies nothing twice.
  runEarlyScript(EARLY_EFFECTS_SCRIPT);
  expect(toggle?.getAttribute('aria-pressed')).toBe('true');
  // From then on, each tap at once.
  toggle?.click();
  expect(toggle?.getAttribute('aria-pressed')).toBe('false');
});
