import { describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { readBuildSettings } from './build-settings.ts';

describe('the build and the server read the same settings alike', () => {
  it.each([
    [{}, 'http://localhost:3000'],
    [{ PORT: '4555' }, 'http://localhost:4555'],
    [{ PUBLIC_URL: 'https://Example.com/' }, 'https://example.com'],
    [
      { PUBLIC_URL: 'https://example.com/portfolio/', PORT: '8080' },
      'https://example.com/portfolio',
    ],
  ])('%o → %s', (env, publicUrl) => {
    expect(readBuildSettings(env, 'id').publicUrl).toBe(publicUrl);
    expect(loadConfig(env).PUBLIC_URL).toBe(publicUrl);
  });

  it.each(['eighty', '0', '65536', '80.5'])('refuses PORT=%s in the same words', (PORT) => {
    const problem = `PORT: must be a whole number from 1 to 65535 (got "${PORT}")`;
    expect(() => readBuildSettings({ PORT }, 'id')).toThrow(problem);
    expect(() => loadConfig({ PORT })).toThrow(problem);
  });
});

describe('FEEDBACK_API_URL', () => {
  it('is unset by default: the form posts to the pages’ own origin', () => {
    expect(readBuildSettings({}, 'id').feedbackApiOrigin).toBeUndefined();
  });

  it('keeps only the origin of the API', () => {
    const settings = readBuildSettings(
      { PUBLIC_URL: 'https://example.com', FEEDBACK_API_URL: 'https://API.example.com/' },
      'id',
    );
    expect(settings.feedbackApiOrigin).toBe('https://api.example.com');
  });

  it('refuses a value with a password, a path or no scheme, without repeating it', () => {
    for (const value of [
      'https://user:s3cret@api.example.com',
      'https://api.example.com/api',
      'api.example.com',
    ]) {
      const read = () => readBuildSettings({ FEEDBACK_API_URL: value }, 'id');
      expect(read).toThrow(/^FEEDBACK_API_URL: must be an origin/);
      expect(read).not.toThrow(/s3cret/);
    }
  });
});
