import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('fills defaults and converts types', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://localhost/x',
      SECRET_KEY: 'x'.repeat(32),
      PORT: '8080',
      ACCESS_LOG: 'false',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      ACCESS_LOG: false,
      HOST: '127.0.0.1',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('writes the request log once a second by default, a COPY costing its backend the same whatever its rows', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://localhost/x', SECRET_KEY: 'x'.repeat(32) });
    expect(config.REQUEST_LOG_FLUSH_MS).toBe(1_000);
  });

  it('reports every problem at once', () => {
    const error = (() => {
      try {
        loadConfig({ PORT: 'eighty', REDIS_URL: 'http://nope', LOG_LEVEL: 'loud' });
      } catch (e) {
        return e;
      }
    })() as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/DATABASE_URL, SECRET_KEY: is required/),
        expect.stringMatching(/^PORT: /),
        expect.stringMatching(/^REDIS_URL: /),
        expect.stringMatching(/^LOG_LEVEL: /),
      ]),
    );
  });
});
