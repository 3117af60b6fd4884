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
  passwordLength: '密码长度为 8 到 64 位',
  passwordDigits: '密码不能全为数字',
  passwordAgain: '请再次输入密码',
  passwordMismatch: '两次输入的密码不一致',
} as const;

export const rules = {
  username: [{ required: true, whitespace: true, message: messages.username }],
  password: [{ required: true, message: messages.password }],
  mobile: [
    { required: true, message: messages.mobile },
    { pattern: mobilePattern, message: messages.mobileInvalid },
  ],
  code: [{ required: true, whitespace: true, message: messages.code }],
  /** A password being set (register, reset, change): the server checks the same rule. */
  newPassword: [
    { required: true, message: messages.password },
    { min: 8, max: 64, message: messages.passwordLength },
    { pattern: /\D/, message: messages.passwordDigits },
  ],
  /** The confirmation of `newPassword`, for a Form.Item with `dependencies={['password']}`. */
  confirmPassword: [
    { required: true, message: messages.passwordAgain },
    ({ getFieldValue }) => ({
      validator: (_, value) =>
        !value || value === getFieldValue('password')
          ? Promise.resolve()
          : Promise.reject(new Error(messages.passwordMismatch)),
    }),
  ],
} satisfies Record<string, Rule[]>;
