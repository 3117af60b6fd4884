import type { Ajv } from '@fastify/ajv-compiler';
import { Type, type IntegerOptions, type TSchema } from '@sinclair/typebox';

/** Ids and counts are PostgreSQL `integer`s: anything larger is refused as input. */
export const INT_MAX = 2_147_483_647;

export const isId = (value: number) => Number.isInteger(value) && value >= 1 && value <= INT_MAX;

/**
 * ajv coerces the query text "Infinity" or "1e400" to Infinity and then skips minimum and
 * maximum (they only look at finite numbers); this keyword, on every integer below, refuses it.
 */
export function finiteNumbers(ajv: Ajv): Ajv {
  return ajv.addKeyword({
    keyword: 'x-finite',
    schemaType: 'boolean',
    validate: (enabled: boolean, data: unknown) => !enabled || typeof data !== 'number' || Number.isFinite(data),
  });
}

/** An integer that fits a PostgreSQL `integer`. */
export const Int = (options: IntegerOptions = {}) => Type.Integer({ minimum: -INT_MAX - 1, maximum: INT_MAX, 'x-finite': true, ...options });

/** `schema` or null, in an answer. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A row id: 1 to 2³¹−1. */
export const Id = (options: IntegerOptions = {}) => Int({ minimum: 1, ...options });

/** A UUID as paths and headers carry it. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** The body of every refusal: `{code, message}`. */
export const ErrorBody = Type.Object({ code: Type.Integer(), message: Type.String() }, { description: '错误' });
