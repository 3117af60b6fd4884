import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Flex, Form, Input, type FormInstance } from 'antd';
import { rules } from '../lib/validation';
import type { SmsAction } from '../providers/auth';
import { SmsCodeButton } from './sms-code-button';

interface Props {
  form: FormInstance;
  action?: SmsAction;
  /** The phone field's placeholder, and its label when `labelled`. */
  mobileLabel?: string;
  /** Show labels above the fields (forms with `layout="vertical"`). */
  labelled?: boolean;
}

/** 手机号 and 验证码 with its 获取验证码 button, for login, register, reset and rebinding. */
export function MobileCodeFields({ form, action, mobileLabel = '手机号', labelled = false }: Props) {
  return (
    <>
      <Form.Item name="mobile" rules={rules.mobile} label={labelled ? mobileLabel : undefined}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={mobileLabel}
          aria-label={mobileLabel}
          autoComplete="tel"
          maxLength={11}
        />
      </Form.Item>
      {/* The code field is noStyle so its message shows under the whole row, button included. */}
      <Form.Item label={labelled ? '验证码' : undefined} required={labelled}>
        <Flex gap={8}>
          <Form.Item name="code" rules={rules.code} noStyle>
            <Input
              prefix={<SafetyOutlined />}
              placeholder="验证码"
              aria-label="验证码"
              autoComplete="one-time-code"
              className="auth-code-field"
            />
          </Form.Item>
          <SmsCodeButton form={form} action={action} />
        </Flex>
      </Form.Item>
    </>
  );
}
