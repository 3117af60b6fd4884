import { REGION_LEVEL_NAMES, REGION_TABLE, type WarehouseCheck, type WarehouseTableCheck } from '../../../contract/results';
import { badRequest } from '../../lib/errors';
import type { Session } from '../connections/drivers/types';
import { INDICATOR_TABLE, VALUE_TABLE } from './warehouse-tables';

const LEVEL_COLUMNS = Object.values(REGION_LEVEL_NAMES);

/** The tables the 成果 area reads (regions.ts, indicators.ts) and the columns it needs of each, in the order shown. */
export const WAREHOUSE_TABLES: ReadonlyArray<{ name: string; label: string; columns: readonly string[]; counted: boolean }> = [
  { name: REGION_TABLE, label: '调查范围', columns: LEVEL_COLUMNS, counted: true },
  { name: INDICATOR_TABLE, label: '指标目录', columns: ['code', 'level', 'dimension', 'name', 'unit', 'standard', 'direction', 'sort_order'], counted: true },
  { name: VALUE_TABLE, label: '指标值', columns: ['indicator_code', 'level', ...LEVEL_COLUMNS, 'value'], counted: false },
];

/**
 * Which needed tables and columns `schema` of the session's database has, read from its catalogue.
 * A schema the database does not list is refused (400), so a typo is not reported as three missing tables.
 */
export async function checkWarehouse(session: Session, database: string, schema: string): Promise<WarehouseCheck> {
  if (!(await session.schemas(database)).includes(schema)) throw badRequest(`schema ${schema} 不存在或无权访问`);
  const columns = await session.columnsOf(schema);
  const tables: WarehouseTableCheck[] = [];
  for (const needed of WAREHOUSE_TABLES) {
    const own = new Set(columns.filter((column) => column.table === needed.name).map((column) => column.name));
    const present = own.size > 0;
    const missingColumns = present ? needed.columns.filter((column) => !own.has(column)) : [];
    const complete = present && missingColumns.length === 0;
    const rows = complete && needed.counted ? (await session.records(schema, needed.name, { limit: 0, offset: 0, orderBy: undefined, descending: false, filters: [], count: 'exact' })).total : null;
    tables.push({ name: needed.name, label: needed.label, present, missing_columns: missingColumns, rows });
  }
  const missing = tables.flatMap((table) => {
    if (!table.present) return [`缺少表 ${table.name}（${table.label}）`];
    return table.missing_columns.length ? [`表 ${table.name} 缺少列 ${table.missing_columns.join('、')}`] : [];
  });
  return { ready: missing.length === 0, tables, missing };
}
