import { afterEach, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, DEMO, login, type TestContext } from './helpers';

let ctx: TestContext | undefined;
afterEach(() => ctx?.close());

const LABELS = `/studio/report/api/report/projects/${DEMO.projectUuid}/label/`;

async function secondPage(env: Record<string, string> = {}) {
  ctx = await createTestApp({ env });
  const token = await login(ctx.app);
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${LABELS}?limit=2&offset=2&name=`,
    headers: { ...authHeaders(token), host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('next and previous links of a list', () => {
  it('are relative and ignore a forged Host header', async () => {
    const page = await secondPage();
    expect(page.next).toBe(`${LABELS}?limit=2&offset=4&name=`);
    expect(page.previous).toBe(`${LABELS}?limit=2&name=`);
  });

  it('start with PUBLIC_URL when it is set', async () => {
    const page = await secondPage({ PUBLIC_URL: 'https://report.example.com/' });
    expect(page.next).toBe(`https://report.example.com${LABELS}?limit=2&offset=4&name=`);
    expect(JSON.stringify(page)).not.toContain('evil.example');
  });
});
