import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8000, timeZone: 'Asia/Shanghai', databaseUrl: undefined });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['TZ', { TZ: 'Mars/Olympus' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'report.example.com' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://report.example.com' }],
    ['FRAME_ANCESTORS', { FRAME_ANCESTORS: "'self'; script-src *" }],
    ['FRAME_ANCESTORS', { FRAME_ANCESTORS: "'none' https://shell.example.com" }],
  ])('stops with a message that names %s', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});
