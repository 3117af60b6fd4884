/** Paths of the report service; `:projectId` is the project's uuid. */
export const REPORT_BASE = '/studio/report/api/report/projects/:projectId';

/** The report service's success body. */
export const ok = <T>(data: T, message = '操作成功') => ({ code: 200, message, data });
