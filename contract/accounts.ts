/**
 * Seconds between two SMS codes to one mobile: the server refuses sooner ones, and the
 * 获取验证码 button counts exactly this long after a code is sent (spec section 9: 30 s).
 */
export const SMS_RESEND_SECONDS = 30;
