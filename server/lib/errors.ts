import { CATALOGUE } from '../../contract/permissions';

/** Error codes of the contract; the HTTP status is the first three digits. */
export const ErrorCode = {
  badRequest: 40000,
  wrongCredentials: 40010,
  notAuthenticated: 40001,
  sessionExpired: 40002,
  sessionReplaced: 40004,
  forbidden: 40300,
  permissionDenied: 40301,
  notFound: 40400,
  methodNotAllowed: 40500,
  payloadTooLarge: 41300,
  conflict: 40900,
  tooManyRequests: 42900,
  internal: 50000,
  unavailable: 50300,
} as const;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
    /** Response headers that go with the error, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: number = ErrorCode.badRequest) => new AppError(400, code, message);
export const notAuthenticated = (message = '未登录或登录已失效，请重新登录', code: number = ErrorCode.notAuthenticated) =>
  new AppError(401, code, message);
export const forbidden = (message = '您暂无权限访问该接口', code: number = ErrorCode.forbidden) =>
  new AppError(403, code, message);
export const tooManyRequests = (message: string) => new AppError(429, ErrorCode.tooManyRequests, message);
export const notFound = (message = '请求的资源不存在') => new AppError(404, ErrorCode.notFound, message);

/** 403 with code 40301 naming the missing permission, as the app shows it. */
export function permissionDenied(detail: string): AppError {
  const name = CATALOGUE.find((entry) => entry.permissions_detail === detail)?.name ?? detail;
  return new AppError(403, ErrorCode.permissionDenied, `您没有「${name}」权限`);
}
