import { afterEach, describe, expect, it } from 'vitest';
import {
  COUNT_CLICK_ATTRIBUTE,
  COUNT_OPEN_ATTRIBUTE,
  VISIT_ENDPOINT,
} from '../../common/visits.ts';
import { runEarlyScripts } from './run-early-scripts.ts';
import { startVisitBeacon } from './visit-beacon.ts';

/** The beacons sent, as their bodies. */
function sentBeacons() {
  const sent: unknown[] = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      expect(url).toBe(VISIT_ENDPOINT);
      sent.push(JSON.parse(body));
      return true;
    },
  });
  return sent;
}

function setPrivacy({ gpc = false, dnt = null as string | null } = {}) {
  Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: gpc });
  Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: dnt });
}

/** The event a popover fires as it opens or closes, at once (its `toggle` comes later). */
function toggle(element: Element, newState: 'open' | 'closed') {
  const event = new Event('beforetoggle');
  Object.defineProperty(event, 'newState', { value: newState });
  element.dispatchEvent(event);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the visit beacon', () => {
  it('sends nothing at all when the browser asks not to be tracked', () => {
    const sent = sentBeacons();
    setPrivacy({ gpc: true });
    startVisitBeacon();
    setPrivacy({ dnt: '1' });
    startVisitBeacon();
    history.pushState(null, '', '/elsewhere');
    expect(sent).toEqual([]);
  });

  it('sends each page view, each counted click (those before it started too), and each QR code once per page view', () => {
    setPrivacy();
    const sent = sentBeacons();
    history.replaceState(null, '', '/echoexpense');
    Object.defineProperty(document, 'referrer', {
      configurable: true,
      value: 'https://news.example/a/story?id=7',
    });
    document.body.innerHTML = `
      <a href="https://apps.example/app" target="_blank" ${COUNT_CLICK_ATTRIBUTE}="echoexpense appStore"><span>Apple Store</span></a>
      <div popover ${COUNT_OPEN_ATTRIBUTE}="echoexpense appStore"><img alt="QR code"></div>
      <a href="/elsewhere">Not counted</a>`;
    // The page's early script, run as the browser runs it, before the first paint: a click
    // before the page is live is noted, and sent once the beacon starts.
    runEarlyScripts();
    document.querySelector('span')?.click();
    expect(sent).toEqual([]);
    startVisitBeacon();
    // Started once per page load.
    startVisitBeacon();
    expect(sent).toEqual([
      { kind: 'view', path: '/echoexpense', referrer: 'news.example' },
      { kind: 'click', app: 'echoexpense', button: 'appStore' },
    ]);

    document.querySelector('span')?.click();
    document.querySelector('img')?.click();
    const notCounted = document.querySelector<HTMLElement>('a[href="/elsewhere"]');
    notCounted?.addEventListener('click', (event) => event.preventDefault());
    notCounted?.click();
    const popover = document.querySelector('[popover]');
    if (!popover) throw new Error('no popover');
    toggle(popover, 'open');
    toggle(popover, 'closed');
    toggle(popover, 'open');
    // The same path again (a history entry's own key, a modal's sub-route kept): no view.
    history.replaceState({ key: 'k' }, '', '/echoexpense');
    history.pushState(null, '', '/echoexpense/terms');
    toggle(popover, 'open');
    expect(sent.slice(2)).toEqual([
      { kind: 'click', app: 'echoexpense', button: 'appStore' },
      { kind: 'qr', app: 'echoexpense', button: 'appStore' },
      { kind: 'view', path: '/echoexpense/terms' },
      { kind: 'qr', app: 'echoexpense', button: 'appStore' },
    ]);

    // A redirect in the app replaces the entry: a view of where it leads.
    history.replaceState(null, '', '/');
    expect(sent.at(-1)).toEqual({ kind: 'view', path: '/' });
  });
});
