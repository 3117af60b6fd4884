import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Flex } from 'antd';
// The two inputs alone: antd's Input index brings its TextArea, Search and OTP along.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Link, useSearchParams } from 'react-router-dom';
import { SmsCodeButton } from '../../components/sms-code-button';
import { rules } from '../../lib/validation';
import { AuthCard } from './auth-card';
import { AuthTabs } from './auth-tabs';
import { SignInField, useSignInForm } from './sign-in-form';
import { useAuthAction } from './use-auth-action';

export function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const { run: login, busy } = useAuthAction('login');
  const passwordForm = useSignInForm({ username: rules.username, password: rules.password });
  const smsForm = useSignInForm({ mobile: rules.mobile, code: rules.code });

  const passwordLogin = (
    <form noValidate onSubmit={passwordForm.onSubmit((values) => login({ ...values, redirect }))}>
      <SignInField errors={passwordForm.errors.username}>
        <Input
          {...passwordForm.input('username')}
          prefix={<UserOutlined />}
          placeholder="手机号/用户名"
          aria-label="手机号/用户名"
          autoComplete="username"
        />
      </SignInField>
      <SignInField errors={passwordForm.errors.password}>
        <Password
          {...passwordForm.input('password')}
          prefix={<LockOutlined />}
          placeholder="密码"
          aria-label="密码"
          autoComplete="current-password"
        />
      </SignInField>
      <Flex justify="space-between" className="auth-links">
        <Link to="/resetcode">忘记密码</Link>
        <Link to="/register">注册</Link>
      </Flex>
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </form>
  );

  // The fields of <MobileCodeFields>, which the other screens use inside antd's Form.
  const smsLogin = (
    <form noValidate onSubmit={smsForm.onSubmit((values) => login({ ...values, redirect }))}>
      <SignInField errors={smsForm.errors.mobile}>
        <Input
          {...smsForm.input('mobile')}
          prefix={<MobileOutlined />}
          placeholder="手机号"
          aria-label="手机号"
          autoComplete="tel"
          maxLength={11}
        />
      </SignInField>
      {/* The code's message shows under the whole row, button included. */}
      <SignInField errors={smsForm.errors.code}>
        <Flex gap={8}>
          <Input
            {...smsForm.input('code')}
            prefix={<SafetyOutlined />}
            placeholder="验证码"
            aria-label="验证码"
            autoComplete="one-time-code"
            className="auth-code-field"
          />
          <SmsCodeButton form={smsForm} />
        </Flex>
      </SignInField>
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </form>
  );

  return (
    <AuthCard>
      <ConfigProvider componentSize="large">
        <AuthTabs
          items={[
            { key: 'password', label: '密码登录', children: passwordLogin },
            { key: 'sms', label: '免密登录', children: smsLogin },
          ]}
        />
      </ConfigProvider>
    </AuthCard>
  );
}
