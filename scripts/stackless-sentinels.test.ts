import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SENTINELS, stacklessSentinels } from './stackless-sentinels.ts';

const require = createRequire(import.meta.url);

describe("React DOM's sentinels made without a stack", () => {
  it('rewrites every sentinel of the installed React DOM, and nothing else', () => {
    const file = path.join(
      path.dirname(require.resolve('react-dom/package.json')),
      'cjs/react-dom-client.production.js',
    );
    const code = readFileSync(file, 'utf8');
    const output = stacklessSentinels(code).toString();
    for (const name of SENTINELS) {
      expect(output).not.toMatch(new RegExp(`\\b${name} = Error\\(`));
      expect(output).toMatch(new RegExp(`\\b${name} = Object\\.create\\(Error\\.prototype`));
    }
    expect(output.split('\n').length).toBe(code.split('\n').length);
    expect(output.replace(/Object\.create\(Error\.prototype, \{[^}]+\} \}\)/g, 'S')).toBe(
      code.replace(/Error\(formatProdErrorMessage\((460|461|474|519|542)\)\)/g, 'S'),
    );
  });

  it('makes a sentinel that is still an Error with its message, compared by identity', () => {
    const code = [
      'function formatProdErrorMessage(code) { return "Minified React error #" + code; }',
      ...SENTINELS.map((name, i) => `var ${name} = Error(formatProdErrorMessage(${i}));`),
      `var result = { made: ${SENTINELS[1]}, sameObject: ${SENTINELS[1]} === ${SENTINELS[1]} };`,
      'try { throw SuspenseException; } catch (x) { result.caught = x === SuspenseException; }',
      'result;',
    ].join('\n');
    const result = runInNewContext(stacklessSentinels(code).toString(), { Object, Error }) as {
      made: Error;
      sameObject: boolean;
      caught: boolean;
    };
    expect(result.made).toBeInstanceOf(Error);
    expect(result.made.message).toBe('Minified React error #1');
    expect(String(result.made)).toBe('Error: Minified React error #1');
    expect(Object.hasOwn(result.made, 'stack')).toBe(false);
    expect(result.caught).toBe(true);
  });

  it('stops the build, naming each sentinel React DOM no longer makes as expected', () => {
    const code = 'var SuspenseException = Error(formatProdErrorMessage(460));';
    expect(() => stacklessSentinels(code)).toThrow(
      /HydrationMismatchException, SuspenseyCommitException, SuspenseActionException, SelectiveHydrationException/,
    );
  });
});
