import type { Rule } from 'antd/es/form';

/** Login and sign-up rules, worded as in spec section 5. */
const mobilePattern = /^1\d{10}$/;

export const messages = {
  username: '请输入用户名',
  password: '请输入密码',
  mobile: '请输入手机号码',
  mobileInvalid: '手机号码不合法',
  code: '验证码不能为空',
  mobileForCode: '请填写手机号',
} as const;

export const rules = {
  username: [{ required: true, whitespace: true, message: messages.username }],
  password: [{ required: true, message: messages.password }],
  mobile: [
    { required: true, message: messages.mobile },
    { pattern: mobilePattern, message: messages.mobileInvalid },
  ],
  code: [{ required: true, whitespace: true, message: messages.code }],
} satisfies Record<string, Rule[]>;
