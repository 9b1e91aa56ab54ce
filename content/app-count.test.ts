import { describe, expect, it } from 'vitest';
import { withAppCount } from './app-count.ts';
import { apps, site } from './index.ts';

describe('the number of apps in the site description', () => {
  it('is the number of apps', () => {
    expect(withAppCount('{{apps.count}} iOS apps', 3)).toBe('3 iOS apps');
  });

  it('follows the app folders in the shipped description', () => {
    expect(site.description).not.toContain('{{');
    expect(site.description).toContain(withAppCount('{{apps.count}}', apps.length));
  });
});
