import { Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { SMS_RESEND_SECONDS } from '../../contract/accounts';
import { feedback } from '../lib/feedback';
import { messages } from '../lib/validation';
import { requestSmsCode, type SmsAction } from '../providers/auth';
import { retryAfterSeconds } from '../providers/http';

/**
 * Spec section 4: the server's resend interval after a code is sent; after a refused request the
 * seconds the server names (Retry-After, the same number as its message), else 10, so a retry
 * waits a little but not the full interval.
 */
const retrySeconds = 10;
const sentText = '验证码已发送';

function secondsToWait(error: unknown): number {
  const named = retryAfterSeconds(error);
  return named !== undefined && named <= SMS_RESEND_SECONDS ? named : retrySeconds;
}

function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, start: (seconds: number) => setLeft(seconds) };
}

interface Props {
  form: FormInstance;
  /** The `action` the SMS code is requested for. */
  action?: SmsAction;
}

/** 获取验证码 (sized by its form): checks the phone field, requests a code, then counts down the resend interval. */
export function SmsCodeButton({ form, action = 'login' }: Props) {
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const mobile: string | undefined = form.getFieldValue('mobile');
    if (!mobile) {
      feedback.warning(messages.mobileForCode);
      return;
    }
    try {
      await form.validateFields(['mobile']);
    } catch {
      return;
    }
    setSending(true);
    try {
      await requestSmsCode(mobile, action);
      feedback.success(sentText);
      start(SMS_RESEND_SECONDS);
    } catch (error) {
      // The HTTP layer has shown the reason.
      start(secondsToWait(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={send} loading={sending} disabled={left > 0} className="sms-code-button">
      {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
    </Button>
  );
}
