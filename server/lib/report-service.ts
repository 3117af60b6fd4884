import { Type, type TSchema } from '@sinclair/typebox';

/** Paths of the report service; `:projectId` is the project's uuid. */
export const REPORT_BASE = '/studio/report/api/report/projects/:projectId';

/** The report service's success body. */
export const ok = <T>(data: T, message = '操作成功') => ({ code: 200, message, data });

/** The schema of `ok(data, message)`: `{code, message, data}`. */
export const OkOf = <T extends TSchema>(data: T) => Type.Object({ code: Type.Integer(), message: Type.String(), data });

/** The report service's page: `{code, result: {data, pageNo, pageSize, total}}` (no message). */
export const ResultPageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    code: Type.Integer(),
    result: Type.Object({ data: Type.Array(item), pageNo: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer() }),
  });

/** `{updated}`, `{deleted}`: how many rows a batch changed. */
export const UpdatedCount = Type.Object({ updated: Type.Integer() });
export const DeletedCount = Type.Object({ deleted: Type.Integer() });
