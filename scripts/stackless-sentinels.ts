/**
 * Makes React DOM's sentinel errors without a stack trace, so that a page with an inspector
 * attached (Lighthouse, an open DevTools, the benchmarks' browser) does not parse React DOM a
 * second time as it starts.
 *
 * React DOM's client creates five `Error`s at its top level: values it throws to suspend or
 * to restart hydration and then recognises by identity, never shown to anyone. With the
 * inspector's Runtime domain enabled, V8 records a detailed stack trace, with line and
 * column, for each `Error` a page creates, and so works out the source positions of React
 * DOM's whole module function, which it compiled without them: on the phone profile (CPU 4×
 * slower), the task that evaluates the page's entry took 52–120 ms with the inspector
 * attached, 36–47 ms with the sentinels made as here (three loads each of `/`,
 * `/echoexpense` and `/echoexpense/support`, phone and desktop). A visitor's browser, with no
 * inspector, pays none of it either way.
 *
 * Each sentinel is made as an object of `Error.prototype` with the same message: still an
 * `Error` to `instanceof` and to anything that prints it, compared by identity as before, but
 * made without capturing a stack. The build stops if React DOM no longer creates one of them
 * as expected, so that an upgrade is looked at rather than silently measured slower.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** React DOM's production client, as `react-dom/client` loads it. */
const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/** The sentinels, each created at React DOM's top level as `NAME = Error(<message>)`. */
export const SENTINELS = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
] as const;

/** React DOM's code with each sentinel made without a stack; throws naming any not found. */
export function stacklessSentinels(code: string): MagicString {
  const output = new MagicString(code);
  const missing: string[] = [];
  for (const name of SENTINELS) {
    const made = new RegExp(`\\b${name} = Error\\((formatProdErrorMessage\\(\\d+\\))\\)`, 'g');
    const found = [...code.matchAll(made)];
    if (found.length !== 1) missing.push(name);
    for (const match of found) {
      const message = match[1] ?? '';
      output.overwrite(
        match.index,
        match.index + match[0].length,
        `${name} = Object.create(Error.prototype, { message: { value: ${message}, writable: true, configurable: true } })`,
      );
    }
  }
  if (missing.length > 0) {
    throw new Error(
      `React DOM no longer creates ${missing.join(', ')} as scripts/stackless-sentinels.ts expects: check the sentinels in react-dom-client.production.js and update the list`,
    );
  }
  return output;
}

export function stacklessSentinelsPlugin(): Plugin {
  return {
    name: 'stackless-sentinels',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      filter: { id: REACT_DOM_CLIENT },
      handler(code) {
        const output = stacklessSentinels(code);
        return { code: output.toString(), map: output.generateMap({ hires: 'boundary' }) };
      },
    },
  };
}
