import { describe, expect, it } from 'vitest';
import { appStoreId } from './app-store.ts';

describe('appStoreId', () => {
  it('reads the id at the end of an App Store listing', () => {
    expect(appStoreId('https://apps.apple.com/us/app/echoexpense/id6475660500')).toBe('6475660500');
    expect(appStoreId('https://apps.apple.com/app/id6475660500/')).toBe('6475660500');
    expect(appStoreId('https://apps.apple.com/us/app/echoexpense/id6475660500?pt=1')).toBe(
      '6475660500',
    );
  });

  it('reads nothing from other addresses', () => {
    expect(appStoreId('https://apps.apple.com/us/app/echoexpense')).toBeUndefined();
    expect(appStoreId('https://example.com/us/app/x/id123')).toBeUndefined();
    expect(appStoreId('not a link')).toBeUndefined();
  });
});
