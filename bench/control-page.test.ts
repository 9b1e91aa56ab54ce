import { afterEach, describe, expect, it } from 'vitest';
import { MENU_NAMES } from '../tests/first-tap.ts';
import {
  menuControlPage,
  PLAIN_CONTROL_PAGE,
  serveControlPage,
  type ControlServer,
} from './control-page.ts';

let served: ControlServer | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('the control pages', () => {
  it('serves its page at every address of its own loopback port', async () => {
    served = await serveControlPage(PLAIN_CONTROL_PAGE);
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    for (const address of [served.url, new URL('/any/path', served.url).href]) {
      const response = await fetch(address);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toBe(PLAIN_CONTROL_PAGE);
    }
  });

  it('gives the menu page the site menu’s names, its popover, and no script but its live mark', () => {
    const page = menuControlPage(MENU_NAMES);
    const button = /<button type="button" popovertarget="([^"]+)">([^<]+)<\/button>/.exec(page);
    expect(button?.[2]).toBe(MENU_NAMES.button);
    const nav = /<nav id="([^"]+)" popover aria-label="([^"]+)">/.exec(page);
    expect(nav?.[1]).toBe(button?.[1]);
    expect(nav?.[2]).toBe(MENU_NAMES.navigation);
    const scripts = page.match(/<script[^>]*>[^<]*<\/script>/g) ?? [];
    expect(scripts).toEqual(['<script>document.documentElement.dataset.hydrated=""</script>']);
  });
});
