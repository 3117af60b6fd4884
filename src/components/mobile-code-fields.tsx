import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Flex, Form, Input, type FormInstance } from 'antd';
import { rules } from '../lib/validation';
import { SmsCodeButton } from './sms-code-button';

/** 手机号 and 验证码 with its 获取验证码 button, for login, register and reset. */
export function MobileCodeFields({ form, action }: { form: FormInstance; action?: string }) {
  return (
    <>
      <Form.Item name="mobile" rules={rules.mobile}>
        <Input prefix={<MobileOutlined />} placeholder="手机号" aria-label="手机号" autoComplete="tel" maxLength={11} />
      </Form.Item>
      <Flex gap={8} align="flex-start">
        <Form.Item name="code" rules={rules.code} className="auth-code-field">
          <Input prefix={<SafetyOutlined />} placeholder="验证码" aria-label="验证码" autoComplete="one-time-code" />
        </Form.Item>
        <SmsCodeButton form={form} action={action} />
      </Flex>
    </>
  );
}
