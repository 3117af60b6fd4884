import { asc, desc, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors';

/** An ILIKE pattern matching text anywhere, with the user's `%`, `_` and `\` taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const sqlCodeOf = (error: unknown) => ((error as { cause?: { code?: string } })?.cause ?? (error as { code?: string }))?.code;

/** A Postgres unique violation (code 23505), as drizzle wraps it in its cause. */
export const isUniqueViolation = (error: unknown): boolean => sqlCodeOf(error) === '23505';

/** A Postgres foreign key violation (code 23503): a row still named by another, or naming one that is gone. */
export const isForeignKeyViolation = (error: unknown): boolean => sqlCodeOf(error) === '23503';

/** Runs a write whose unique violation means a name is taken: that answers `taken()` instead. */
export async function refuseTaken<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isUniqueViolation(error) ? taken() : error;
  }
}

/**
 * `column = any(ids)` with the ids bound as one array parameter: drizzle's `inArray` binds one
 * parameter per id, and a statement takes at most 65,535 (a restore of a 40,000-item batch).
 */
export const inIds = (column: SQLWrapper, ids: number[]) => sql`${column} = any(${intArray(ids)}::int[])`;

/** Ids as one PostgreSQL array literal, bound as a single parameter (`${intArray(ids)}::int[]`). */
export const intArray = (ids: number[]) => `{${ids.join(',')}}`;
/** Texts as one PostgreSQL array literal, each quoted and escaped (`${textArray(names)}::text[]`). */
export const textArray = (texts: string[]) => `{${texts.map((text) => `"${text.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** PostgreSQL's bound on the parameters of one statement. */
const MAX_PARAMETERS = 65_535;

/**
 * Writes rows in consecutive batches (e.g. `(batch) => tx.insert(table).values(batch)`), each
 * small enough that a multi-row insert of them binds fewer than PostgreSQL's 65,535 parameters.
 */
export async function inBatches<T extends object>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  const perRow = Math.max(1, ...rows.map((row) => Object.keys(row).length));
  const size = Math.floor(MAX_PARAMETERS / perRow);
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}

/** The ORDER BY of a DRF `ordering` (one field, `-` for descending), ties broken by id. */
export function orderOf(ordering: string | undefined, columns: Record<string, PgColumn>, id: PgColumn) {
  const field = ordering?.replace(/^-/, '') ?? 'id';
  if (!Object.hasOwn(columns, field)) throw badRequest(`不能按 ${field} 排序`);
  return [ordering?.startsWith('-') ? desc(columns[field]) : asc(columns[field]), asc(id)];
}
