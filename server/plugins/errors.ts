import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../lib/errors';
import { fieldLabel } from '../lib/field-labels';

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** The field an issue is about, by its Chinese name (spec: messages are Chinese only, never a key). */
function fieldOf(issue: ValidationIssue): string {
  const params = issue.params as Record<string, unknown>;
  const parent = (issue as { parentSchema?: { properties?: Record<string, unknown> } }).parentSchema;
  if (issue.keyword === 'required') {
    const key = String(params.missingProperty ?? '');
    return quoted(fieldLabel(key, parent?.properties?.[key]));
  }
  // The last named segment: `inputs/0/field_name` is about field_name, `ids/3` about ids.
  const key = issue.instancePath.split('/').filter((segment) => segment && !/^\d+$/.test(segment)).at(-1);
  return quoted(fieldLabel(key, parent));
}

const quoted = (label: string | undefined) => (label ? `「${label}」` : '');

/** Turns one schema violation into a Chinese sentence that names the field. */
function describeIssue(issue: ValidationIssue, context: string | undefined): string {
  const where = context === 'querystring' ? '查询参数' : context === 'params' ? '路径参数' : context === 'headers' ? '请求头' : '参数';
  const field = `${where}${fieldOf(issue)}`;
  const params = issue.params as Record<string, unknown>;
  switch (issue.keyword) {
    case 'required':
      return `缺少必填${field}`;
    case 'type':
      return `${field}的类型不正确`;
    case 'minLength':
      return `${field}不能为空`;
    case 'maxLength':
      return `${field}不能超过 ${params.limit} 个字符`;
    case 'minimum':
      return `${field}不能小于 ${params.limit}`;
    case 'maximum':
      return `${field}不能大于 ${params.limit}`;
    case 'enum':
      return `${field}的取值不正确`;
    case 'x-finite':
      return `${field}超出范围`;
    case 'format':
    case 'pattern':
      return `${field}的格式不正确`;
    case 'maxItems':
      return `${field}不能超过 ${params.limit} 项`;
    case 'additionalProperties':
      // The unknown key is the caller's own word, not a field of ours: not repeated.
      return `请求中含有不支持的${where}`;
    default:
      return `${field}不合法`;
  }
}

/**
 * PostgreSQL errors that only bad input causes (NUL or invalid bytes in text, a number out
 * of range, a value too deep or too large): a safety net behind the checks where input enters.
 */
const INPUT_SQLSTATES = new Set(['22P05', '22021', '22003', '22P02', '54000', '54001']);
/** Two requests that lock the same rows in opposite order: PostgreSQL aborts one, which may simply retry. */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

function sqlState(error: unknown): string | undefined {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Errors of the router, before any hook: a malformed or too long path. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ code: 41400, message: '请求地址过长' });
  return reply.status(400).send({ code: ErrorCode.badRequest, message: '请求地址不合法' });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A 503 of a service out of reach (the object store, the SMS gateway) names what failed only in the log.
      if (error.statusCode >= 500 && error.cause !== undefined) request.log.error({ err: error, cause: error.cause, reqId: request.id }, 'request failed');
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ code: error.code, message: error.message });
    }
    if (error.validation) {
      const message = describeIssue(error.validation[0], error.validationContext);
      return reply.status(400).send({ code: ErrorCode.badRequest, message });
    }
    const state = sqlState(error);
    if (state && INPUT_SQLSTATES.has(state)) {
      request.log.warn({ err: error, reqId: request.id }, 'input refused by the database');
      return reply.status(400).send({ code: ErrorCode.badRequest, message: '请求中含有不合法的文字或数值' });
    }
    if (state && CONFLICT_SQLSTATES.has(state)) {
      request.log.warn({ err: error, reqId: request.id }, 'transaction aborted by a concurrent one');
      return reply.status(409).send({ code: ErrorCode.conflict, message: '数据正被他人同时修改，请稍后重试' });
    }
    // busboy reports a truncated or boundary-less multipart body as a plain Error.
    if (error.statusCode === undefined && request.isMultipart() && /multipart/i.test(error.message)) {
      return reply.status(400).send({ code: ErrorCode.badRequest, message: '上传内容不完整或格式不正确，请重新上传' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ code: ErrorCode.payloadTooLarge, message: '请求内容过大' });
    if (status === 415) return reply.status(415).send({ code: ErrorCode.badRequest, message: '不支持的请求内容类型' });
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError
        ? '请求内容不是合法的 JSON'
        : '请求不合法';
      return reply.status(status).send({ code: status * 100, message });
    }
    // 5xx: log the cause with the request id, answer without internals.
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.status(500).send({ code: ErrorCode.internal, message: `服务器内部错误，请稍后重试（请求编号 ${request.id}）` });
  });
}

export const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/studio/') || url === '/api' || url === '/studio';
