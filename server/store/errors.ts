/** The store's settings are wrong, or it cannot be used as it is; the message says why. */
export class StoreSettingsError extends Error {
  override name = 'StoreSettingsError';
}
