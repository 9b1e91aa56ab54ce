/**
 * For tests: runs the page's early scripts (`common/early-events-script.ts`) as the browser
 * runs them from the page's head, which happy-dom does not do for a script element.
 */
import { EARLY_EFFECTS_SCRIPT, EARLY_EVENTS_SCRIPT } from '../../common/early-events-script.ts';

/** Runs one early script's text, as a classic script. */
export function runEarlyScript(script: string): void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  (new Function(script) as () => void)();
}

/** Runs the head's inline script, then the effects it loads: the page before hydration. */
export function runEarlyScripts(): void {
  for (const script of [EARLY_EVENTS_SCRIPT, EARLY_EFFECTS_SCRIPT]) runEarlyScript(script);
}
