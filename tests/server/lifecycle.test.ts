import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../server/db/seed/demo-accounts';
import { startExpectingFailure, startServer, tempDataDir } from '../support/server-process';

const dataDir = tempDataDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('keeps every row across a SIGINT and a restart on the embedded database', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    const login = await fetch(`${first.url}/api/v1/user/account/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO.username, password: DEMO.password }),
    });
    const { token } = await login.json();
    expect(await first.stop('SIGINT')).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir });
    // The session row written before the restart is still there.
    const info = await fetch(`${second.url}/api/v1/user/info/`, { headers: { authorization: `Token ${token}` } });
    expect(info.status).toBe(200);
    const projects = await fetch(`${second.url}/api/project/v1/projects/`, { headers: { authorization: `Token ${token}` } });
    const body = await projects.json();
    expect(body.count).toBe(1);
    expect(body.results[0].name).toBe(DEMO.projectName);
    expect(await second.stop('SIGTERM')).toBe(0);
  }, 90_000); // two starts of the server, each migrating or seeding the embedded database

  it('refuses to start with a bad setting and names the variable', async () => {
    const { code, output } = await startExpectingFailure({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain('PORT');
    expect(output).toContain('配置错误');
  });
});
