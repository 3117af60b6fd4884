import axios, { AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { HttpError } from '@refinedev/core';
import { config } from '../config';
import { clearCookies, getCookie, sessionCookies } from '../lib/cookies';
import { feedback } from '../lib/feedback';
import { currentHashPath, hashHref, isPublicPath, loginPath } from '../lib/navigation';
import { errorTexts } from './error-texts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the error catalogue, for calls whose failure the user need not hear about. */
    silent?: boolean;
    /** An HTTP 400 whose body code is 400 is a warning, not an error (spec section 8: label add). */
    warnCode400?: boolean;
    /** The text for a failure with no answer, instead of 接口发生错误 (spec section 8: forms say 系统错误). */
    networkErrorText?: string;
  }
}

/** Sign-in calls carry no token, except an SMS code for (re)binding the signed-in user's phone. */
const anonymousPaths = [
  '/user/account/login/',
  '/user/sms/login/',
  '/user/account/register/',
  '/user/sms/reset/',
  '/user/sms/code/',
];

function sendsToken(request: InternalAxiosRequestConfig): boolean {
  const path = (request.url ?? '').split('?')[0];
  if (!anonymousPaths.some((p) => path.endsWith(p))) return true;
  const body = typeof request.data === 'string' ? safeParse(request.data) : request.data;
  const action = (body as { action?: unknown } | undefined)?.action;
  return action === 'rebind' || action === 'bind';
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function addHeaders(request: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = getCookie('token');
  if (token && sendsToken(request)) request.headers.set('Authorization', `Token ${token}`);
  const organization = getCookie('organization_uuid');
  if (organization) request.headers.set('Organization', organization);
  request.headers.set('Accept-Language', 'zh-Hans');
  return request;
}

/** Every string a body carries: `message` of `{code, message}`, or each DRF field error. */
function bodyStrings(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.values(body).flatMap((value: unknown) => {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
    return [];
  });
}

export function bodyCode(body: unknown): number | undefined {
  const code = (body as { code?: unknown } | null)?.code;
  return code === undefined || code === null ? undefined : Number(code);
}

/** Tells the user what went wrong, once, as the catalogue says. */
function reportHttpError(error: AxiosError): void {
  if (axios.isCancel(error) || error.config?.silent) return;
  const response = error.response;
  if (!response) {
    feedback.error(error.config?.networkErrorText ?? errorTexts.generic);
    return;
  }
  const { status, data } = response;
  if (error.config?.method === 'delete' && (status < 300 || status === 404)) {
    feedback.error(errorTexts.deleteFailed);
    return;
  }
  if (status === 404) return;
  if (status === 500) {
    feedback.error(errorTexts.generic);
  } else if (status === 401) {
    clearCookies(sessionCookies);
    feedback.error(bodyCode(data) === 40004 ? errorTexts.otherDevice : errorTexts.expired);
    const here = currentHashPath();
    if (!isPublicPath(here)) window.location.hash = hashHref(loginPath(here));
  } else if (status === 403) {
    const message = (data as { message?: unknown } | null)?.message;
    const text = bodyCode(data) === 40301 && typeof message === 'string' ? message : errorTexts.forbidden;
    feedback.error(text);
  } else if (status === 400 && error.config?.warnCode400 && bodyCode(data) === 400) {
    const message = (data as { message?: unknown }).message;
    feedback.warning(typeof message === 'string' ? message : errorTexts.generic);
  } else {
    const texts = bodyStrings(data);
    (texts.length ? texts : [errorTexts.generic]).forEach(feedback.error);
  }
}

/** The whole seconds of a refused request's Retry-After header, when it names some. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const seconds = axios.isAxiosError(error) ? Number(error.response?.headers['retry-after']) : NaN;
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

/** The error shape Refine expects; the user has already been told by reportHttpError. */
export function toHttpError(error: unknown): HttpError {
  const response = (error as AxiosError | undefined)?.response;
  const message = (response?.data as { message?: unknown } | undefined)?.message;
  return {
    message: typeof message === 'string' ? message : errorTexts.generic,
    statusCode: response?.status ?? 0,
  };
}

/** Spec section 8: a single delete that answers anything but 204 failed (the catalogue then says 删除失败). */
function checkDelete(response: AxiosResponse): AxiosResponse {
  if (response.config.method !== 'delete' || response.status === 204) return response;
  throw new AxiosError(errorTexts.deleteFailed, AxiosError.ERR_BAD_RESPONSE, response.config, response.request, response);
}

/** A client of one service; `checkAnswer` may turn a 2xx answer into a failure. */
export function createClient(baseURL: string, timeout: number, checkAnswer?: (response: AxiosResponse) => AxiosResponse): AxiosInstance {
  // A multi-valued query parameter repeats its key (`state=a&state=b`), as DRF's multiple-choice filters read it.
  const client = axios.create({ baseURL, timeout, paramsSerializer: { indexes: null } });
  client.interceptors.request.use(addHeaders);
  client.interceptors.response.use(checkDelete);
  client.interceptors.response.use(checkAnswer);
  client.interceptors.response.use(undefined, (error: AxiosError) => {
    reportHttpError(error);
    return Promise.reject(error);
  });
  return client;
}

export const platformClient = createClient(config.apiBase, 60_000);
