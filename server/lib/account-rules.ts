import { badRequest } from './errors';

export const MOBILE_PATTERN = /^1\d{10}$/;

/** The spec's phone rule: required, 11 digits starting with 1. */
export function checkMobile(mobile: string | undefined, missingMessage = '请输入手机号码'): string {
  const value = (mobile ?? '').trim();
  if (!value) throw badRequest(missingMessage);
  if (!MOBILE_PATTERN.test(value)) throw badRequest('手机号码不合法');
  return value;
}

export function checkCode(code: string | undefined): string {
  const value = (code ?? '').trim();
  if (!value) throw badRequest('验证码不能为空');
  return value;
}

/** Passwords: 8 to 64 characters, not all digits. */
export function checkPasswordRule(password: string | undefined): string {
  const value = password ?? '';
  if (!value) throw badRequest('请输入密码');
  if (value.length < 8 || value.length > 64) throw badRequest('密码长度为 8 到 64 位');
  if (/^\d+$/.test(value)) throw badRequest('密码不能全为数字');
  return value;
}

/** Usernames: 2 to 30 characters of letters, digits, Chinese, _ or -; never shaped like a mobile. */
export function checkUsername(username: string): string {
  const value = username.trim();
  if (value.length < 2 || value.length > 30) throw badRequest('用户名长度为 2 到 30 个字符');
  if (!/^[\w\u4e00-\u9fa5-]+$/.test(value)) throw badRequest('用户名只能包含字母、数字、汉字、下划线或短横线');
  if (MOBILE_PATTERN.test(value)) throw badRequest('用户名不能是手机号');
  return value;
}
