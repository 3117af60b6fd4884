import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { Link } from 'react-router-dom';
import { MobileCodeFields } from '../../components/mobile-code-fields';
import { rules } from '../../lib/validation';
import type { ResetParams } from '../../providers/auth';
import { AuthCard } from './auth-card';
import { useAuthAction } from './use-auth-action';

type ResetValues = ResetParams & { confirm: string };

export function ResetPage() {
  const [form] = Form.useForm<ResetValues>();
  const { run: reset, busy } = useAuthAction('forgotPassword');
  return (
    <AuthCard subtitle="重置密码">
      <Form<ResetValues>
        form={form}
        size="large"
        onFinish={({ mobile, code, password }) => reset({ mobile, code, password })}
      >
        <MobileCodeFields form={form} action="reset" />
        <Form.Item name="password" rules={rules.newPassword}>
          <Input.Password prefix={<LockOutlined />} placeholder="新密码" aria-label="新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" dependencies={['password']} rules={rules.confirmPassword}>
          <Input.Password prefix={<LockOutlined />} placeholder="确认密码" aria-label="确认密码" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          重置密码
        </Button>
      </Form>
      <div className="auth-footer">
        <Link to="/login">返回登录</Link>
      </div>
    </AuthCard>
  );
}
