import { afterEach, describe, expect, it, vi } from 'vitest';
import { openAppOnce } from './platform.ts';

describe('opening the app by itself', () => {
  afterEach(() => {
    delete document.documentElement.dataset.platform;
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('happens once per link and visit, on iOS', () => {
    document.documentElement.dataset.platform = 'ios';
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    expect(openAppOnce('reciperealm://recipe/1')).toBe(true);
    expect(openAppOnce('reciperealm://recipe/1')).toBe(false);
    expect(openAppOnce('reciperealm://recipe/2')).toBe(true);
    expect(assign.mock.calls).toEqual([['reciperealm://recipe/1'], ['reciperealm://recipe/2']]);
  });

  it('never happens on Android, where a browser opens an app only on a tap, nor on a computer', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    for (const platform of ['android', 'other']) {
      document.documentElement.dataset.platform = platform;
      expect(openAppOnce('reciperealm://recipe/1')).toBe(false);
    }
    expect(assign).not.toHaveBeenCalled();
  });
});
