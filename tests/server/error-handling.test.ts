import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../server/plugins/errors';

/** PostgreSQL aborts one of two transactions that lock the same rows in opposite order. */
describe('a transaction aborted by a concurrent one', () => {
  it.each([
    ['40P01', 'deadlock detected'],
    ['40001', 'could not serialize access due to concurrent update'],
  ])('answers 409 with a Chinese message to retry, not 500 (%s)', async (code, text) => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    app.get('/api/race/', async () => {
      throw Object.assign(new Error(text), { code });
    });
    const response = await app.inject({ method: 'GET', url: '/api/race/' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 40900, message: '数据正被他人同时修改，请稍后重试' });
    await app.close();
  });
});
