import { expect, test } from 'vitest';
import { pageCsp } from './response-headers.ts';

/** One directive of a policy, by its name. */
function directive(policy: string, name: string): string | undefined {
  return policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

test('a page may post its forms to this origin, and to the feedback API when it is hosted apart', () => {
  expect(directive(pageCsp([]), 'form-action')).toBe("form-action 'self'");
  const apart = pageCsp(["'sha256-abc'"], 'https://api.example.com');
  expect(directive(apart, 'form-action')).toBe("form-action 'self' https://api.example.com");
  expect(directive(apart, 'connect-src')).toBe("connect-src 'self' https://api.example.com");
  expect(directive(apart, 'script-src')).toBe("script-src 'self' 'sha256-abc'");
});
