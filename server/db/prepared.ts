import type { Db } from './client';

/**
 * A statement drizzle builds once per database instead of on every call: on the hot path of
 * every request (session, project access) building the SQL cost more than running it.
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
