import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { MobileCodeFields } from '../../components/mobile-code-fields';
import { rules } from '../../lib/validation';
import { authProvider, type LoginParams } from '../../providers/auth';
import { AuthCard } from './auth-card';
import { useAuthAction } from './use-auth-action';

interface PasswordValues {
  username: string;
  password: string;
}

interface SmsValues {
  mobile: string;
  code: string;
}

export function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const { run: login, busy } = useAuthAction<LoginParams>(authProvider.login);
  const [smsForm] = Form.useForm<SmsValues>();

  const passwordLogin = (
    <Form<PasswordValues> size="large" onFinish={(values) => login({ ...values, redirect })}>
      <Form.Item name="username" rules={rules.username}>
        <Input prefix={<UserOutlined />} placeholder="手机号/用户名" aria-label="手机号/用户名" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={rules.password}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="密码"
          aria-label="密码"
          autoComplete="current-password"
        />
      </Form.Item>
      <Flex justify="space-between" className="auth-links">
        <Link to="/resetcode">忘记密码</Link>
        <Link to="/register">注册</Link>
      </Flex>
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </Form>
  );

  const smsLogin = (
    <Form<SmsValues> form={smsForm} size="large" onFinish={(values) => login({ ...values, redirect })}>
      <MobileCodeFields form={smsForm} />
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </Form>
  );

  return (
    <AuthCard>
      <Tabs
        centered
        items={[
          { key: 'password', label: '密码登录', children: passwordLogin },
          { key: 'sms', label: '免密登录', children: smsLogin },
        ]}
      />
    </AuthCard>
  );
}
