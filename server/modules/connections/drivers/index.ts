import { builtin } from './builtin';
import { mysqlDriver } from './mysql';
import { postgres } from './postgres';
import type { Driver } from './types';

/** The drivers a connection may name; another database is one more file like postgres.ts and a line here. */
export const DRIVERS: Record<string, Driver> = { [postgres.name]: postgres, [mysqlDriver.name]: mysqlDriver, [builtin.name]: builtin };
