import { describe, expect, it } from 'vitest';
import { withAppCount } from './app-count.ts';
import { apps, site } from './index.ts';

describe('the number of apps in the site description', () => {
  it('is written as a word up to twelve, in digits beyond', () => {
    expect(withAppCount('{{apps.count}} iOS apps', 3)).toBe('three iOS apps');
    expect(withAppCount('{{apps.count}} iOS apps', 12)).toBe('twelve iOS apps');
    expect(withAppCount('{{apps.count}} iOS apps', 14)).toBe('14 iOS apps');
  });

  it('follows the app folders in the shipped description', () => {
    expect(site.description).not.toContain('{{');
    expect(site.description).toContain(withAppCount('{{apps.count}}', apps.length));
  });
});
