import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { Link } from 'react-router-dom';
import { MobileCodeFields } from '../../components/mobile-code-fields';
import { rules } from '../../lib/validation';
import type { RegisterParams } from '../../providers/auth';
import { AuthCard } from './auth-card';
import { useAuthAction } from './use-auth-action';

export function RegisterPage() {
  const [form] = Form.useForm<RegisterParams>();
  const { run: register, busy } = useAuthAction('register');
  return (
    <AuthCard subtitle="注册账号">
      <Form<RegisterParams> form={form} size="large" onFinish={(values) => register(values)}>
        {/* The spec has registration request its code with action login. */}
        <MobileCodeFields form={form} action="login" />
        <Form.Item name="username">
          <Input prefix={<UserOutlined />} placeholder="用户名（选填）" aria-label="用户名" autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={rules.newPassword}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" aria-label="密码" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          注册
        </Button>
      </Form>
      <div className="auth-footer">
        已有账号？<Link to="/login">去登录</Link>
      </div>
    </AuthCard>
  );
}
