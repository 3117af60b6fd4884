import { describe, expect, it } from 'vitest';
import { explainNetwork } from '../../server/modules/connections/drivers/explain';

const failure = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

/** What a data connection's failure says to the user: never the drivers' own English about their pools. */
describe('explainNetwork', () => {
  it('says in Chinese that the connection was closed when a driver names its pool', () => {
    for (const message of ['Pool is closed.', 'Cannot use a pool after calling end on the pool']) {
      expect(explainNetwork(failure(message)), message).toBe('数据库连接已关闭，请稍后重试');
    }
  });

  it('says the database has no connection left, for PostgreSQL and MariaDB alike', () => {
    expect(explainNetwork(failure('sorry, too many clients already', '53300'))).toBe('数据库的连接数已满，请稍后重试');
    expect(explainNetwork(failure('Too many connections', 'ER_CON_COUNT_ERROR'))).toBe('数据库的连接数已满，请稍后重试');
  });
});
