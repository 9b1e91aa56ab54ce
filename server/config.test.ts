import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the settings were accepted');
}

describe('server settings', () => {
  it('default to port 3000 on 127.0.0.1 with a localhost public address', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('read the environment, treating empty values as unset', () => {
    const config = loadConfig({ PORT: '8080', HOST: '', PUBLIC_URL: 'https://example.com/' });
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.PUBLIC_URL).toBe('https://example.com');
  });

  it('name every wrong variable at once, with the value it got', () => {
    const problems = problemsOf({ PORT: 'eighty', PUBLIC_URL: 'example.com', LOG_LEVEL: 'loud' });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toBe('PORT: must be a whole number from 1 to 65535 (got "eighty")');
    expect(problems[1]).toMatch(/^PUBLIC_URL: must be an address like https:\/\/example\.com/);
    expect(problems[2]).toMatch(/^LOG_LEVEL: .*\(got "loud"\)$/);
  });

  it('accept trusted proxies as addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'everyone' })[0]).toMatch(/^TRUST_PROXY: /);
  });
});
