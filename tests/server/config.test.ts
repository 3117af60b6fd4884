import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8000, timeZone: 'Asia/Shanghai', databaseUrl: undefined });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config).toMatchObject({ connectionSecret: undefined, connectionAllowedHosts: undefined });
    expect(loadConfig({ CONNECTION_SECRET: 'ab'.repeat(32), CONNECTION_ALLOWED_HOSTS: 'db.example.com, 10.0.0.0/8' })).toMatchObject({
      connectionSecret: Buffer.alloc(32, 0xab),
      connectionAllowedHosts: ['db.example.com', '10.0.0.0/8'],
    });
  });

  it('bounds generation and workflows by default, and reads the bounds from the environment', () => {
    expect(loadConfig({})).toMatchObject({ generationLimits: { maxPendingPerProject: 200, maxPerUserMinute: 10 }, workflowMaxTasks: 1000 });
    expect(loadConfig({ GENERATION_MAX_PENDING_PER_PROJECT: '50', GENERATION_MAX_PER_USER_MINUTE: '3', WORKFLOW_MAX_TASKS: '8000' })).toMatchObject({
      generationLimits: { maxPendingPerProject: 50, maxPerUserMinute: 3 },
      workflowMaxTasks: 8000,
    });
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
    ['CONNECTION_SECRET', { CONNECTION_SECRET: 'short' }],
    ['CONNECTION_ALLOWED_HOSTS', { CONNECTION_ALLOWED_HOSTS: 'db.example.com; rm -rf' }],
    ['GENERATION_MAX_PENDING_PER_PROJECT', { GENERATION_MAX_PENDING_PER_PROJECT: '0' }],
    ['GENERATION_MAX_PER_USER_MINUTE', { GENERATION_MAX_PER_USER_MINUTE: 'ten' }],
    ['WORKFLOW_MAX_TASKS', { WORKFLOW_MAX_TASKS: '-5' }],
  ])('stops with a message that names %s', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});
