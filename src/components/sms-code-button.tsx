import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { SMS_RESEND_SECONDS } from '../../contract/accounts';
import { feedback } from '../lib/feedback';
import { messages } from '../lib/validation';
import type { SmsAction } from '../providers/auth';
import { errorTexts } from '../providers/error-texts';
import { loadAuth, loadHttp } from '../providers/load-auth';

/**
 * Spec section 4: the server's resend interval after a code is sent; after a refused request the
 * seconds the server names (Retry-After, the same number as its message), else 10, so a retry
 * waits a little but not the full interval.
 */
const retrySeconds = 10;
const sentText = '验证码已发送';

/**
 * Requests a code and answers the seconds until another may be asked for. The auth provider and the
 * HTTP layer load on first use (src/providers/load-auth.ts); a failed request has been told by the HTTP
 * layer, a chunk that failed to load rejects.
 */
async function requestCode(mobile: string, action: SmsAction): Promise<number> {
  const [{ requestSmsCode }, { retryAfterSeconds }] = await Promise.all([loadAuth(), loadHttp()]);
  try {
    await requestSmsCode(mobile, action);
    feedback.success(sentText);
    return SMS_RESEND_SECONDS;
  } catch (error) {
    const named = retryAfterSeconds(error);
    return named !== undefined && named <= SMS_RESEND_SECONDS ? named : retrySeconds;
  }
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

/** What the button asks of its form: an antd FormInstance, or the login's (src/pages/auth/sign-in-form.tsx). */
interface CodeForm {
  getFieldValue(name: 'mobile'): unknown;
  validateFields(names: ['mobile']): Promise<unknown>;
}

interface Props {
  form: CodeForm;
  /** The `action` the SMS code is requested for. */
  action?: SmsAction;
}

/** 获取验证码 (sized by its form): checks the phone field, requests a code, then counts down the resend interval. */
export function SmsCodeButton({ form, action = 'login' }: Props) {
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const mobile = form.getFieldValue('mobile');
    if (typeof mobile !== 'string' || !mobile) {
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
      start(await requestCode(mobile, action));
    } catch {
      feedback.error(errorTexts.generic);
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
