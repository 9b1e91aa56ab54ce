import { describe, expect, it } from 'vitest';
import { PLATFORM_SCRIPT, platformOf } from './visitor-platform.ts';

const AGENTS: [string, number, string][] = [
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    5,
    'ios',
  ],
  // An iPad asks for the desktop site: it says Macintosh, and has a touch screen.
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    5,
    'ios',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    0,
    'other',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    5,
    'android',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    0,
    'other',
  ],
];

/** What the page's script marks for a browser, run as the page runs it. */
function markedBy(userAgent: string, maxTouchPoints: number): string | undefined {
  const document = { documentElement: { dataset: {} as Record<string, string> } };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script is the page's own, run as the page runs it
  const run = new Function('navigator', 'document', PLATFORM_SCRIPT) as (
    navigator: { userAgent: string; maxTouchPoints: number },
    document: object,
  ) => void;
  run({ userAgent, maxTouchPoints }, document);
  return document.documentElement.dataset.platform;
}

describe("the visitor's platform", () => {
  it.each(AGENTS)(
    '%s (%i touch points) is %s, for the page script and the live page alike',
    (agent, touch, platform) => {
      expect(platformOf(agent, touch)).toBe(platform);
      expect(markedBy(agent, touch)).toBe(platform);
    },
  );
});
