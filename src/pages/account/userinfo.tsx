import { ArrowLeftOutlined } from '@ant-design/icons';
import { useInvalidateAuthStore } from '@refinedev/core';
import { Button, Card, Col, Descriptions, Flex, Form, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MobileCodeFields } from '../../components/mobile-code-fields';
import { changed } from '../../lib/changed';
import { rules } from '../../lib/validation';
import { bindMobile, updateUserInfo, type UserInfo } from '../../providers/auth';
import { useIdentity } from '../../providers/identity';

const userInfoTexts = {
  saved: '数据保存成功!',
  passwordChanged: '密码修改成功',
  mobileBound: '手机号绑定成功',
} as const;

/**
 * Runs a save, then shows its success text and calls `after`; a failure has been shown
 * by the HTTP layer, so the form just stays as it is.
 */
function useSave<T>(save: (values: T) => Promise<unknown>, success: string, after?: () => void) {
  const [busy, setBusy] = useState(false);
  const run = async (values: T) => {
    setBusy(true);
    const ok = await changed(save(values), success);
    setBusy(false);
    if (ok) after?.();
  };
  return { run, busy };
}

function NicknameForm({ user, onSaved }: { user?: UserInfo; onSaved: () => void }) {
  const { run, busy } = useSave(
    ({ nickname }: { nickname: string }) => updateUserInfo({ nickname: nickname.trim() }),
    userInfoTexts.saved,
    onSaved,
  );
  return (
    <Card title="修改昵称" className="userinfo-card">
      <Form layout="vertical" onFinish={run} initialValues={{ nickname: user?.nickname ?? '' }} key={user?.nickname}>
        <Form.Item
          name="nickname"
          label="昵称"
          rules={[{ required: true, whitespace: true, message: '请输入昵称' }]}
        >
          <Input placeholder="昵称" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存
        </Button>
      </Form>
    </Card>
  );
}

interface PasswordValues {
  old_password: string;
  password: string;
  confirm: string;
}

function PasswordForm() {
  const [form] = Form.useForm<PasswordValues>();
  const { run, busy } = useSave(
    ({ old_password, password }: PasswordValues) => updateUserInfo({ old_password, password }),
    userInfoTexts.passwordChanged,
    () => form.resetFields(),
  );
  return (
    <Card title="修改密码" className="userinfo-card">
      <Form form={form} layout="vertical" onFinish={run}>
        <Form.Item name="old_password" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password placeholder="原密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label="新密码" rules={rules.newPassword}>
          <Input.Password placeholder="新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label="确认密码" dependencies={['password']} rules={rules.confirmPassword}>
          <Input.Password placeholder="确认密码" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          修改密码
        </Button>
      </Form>
    </Card>
  );
}

function MobileForm({ onSaved }: { onSaved: () => void }) {
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  const { run, busy } = useSave(
    ({ mobile, code }: { mobile: string; code: string }) => bindMobile(mobile, code.trim()),
    userInfoTexts.mobileBound,
    () => {
      form.resetFields();
      onSaved();
    },
  );
  return (
    <Card title="更换手机号" className="userinfo-card">
      <Form form={form} layout="vertical" onFinish={run}>
        <MobileCodeFields form={form} action="bind" mobileLabel="新手机号" labelled />
        <Button type="primary" htmlType="submit" loading={busy}>
          绑定
        </Button>
      </Form>
    </Card>
  );
}

/** #/userinfo?projectId=…: the signed-in user's own profile, password and phone. */
export function UserInfoPage() {
  const [params] = useSearchParams();
  const projectId = params.get('projectId');
  const { data: user, isLoading } = useIdentity();
  // The header shows the nickname too: refetch the identity everywhere after a change.
  const invalidate = useInvalidateAuthStore();
  const refresh = () => void invalidate();
  const back = projectId ? `/main/${encodeURIComponent(projectId)}/reportList` : '/list';

  return (
    <div className="userinfo-page">
      <Flex align="center" gap={16} className="userinfo-page__toolbar">
        <Link to={back}>
          <ArrowLeftOutlined /> {projectId ? '返回项目' : '返回项目列表'}
        </Link>
        <Typography.Title level={4} className="userinfo-page__title">
          个人信息
        </Typography.Title>
      </Flex>
      <Card loading={isLoading} className="userinfo-card">
        <Descriptions column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="用户名">{user?.username}</Descriptions.Item>
          <Descriptions.Item label="手机号">{user?.mobile || '未绑定'}</Descriptions.Item>
          <Descriptions.Item label="昵称">{user?.nickname || '未设置'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <NicknameForm user={user} onSaved={refresh} />
        </Col>
        <Col xs={24} lg={8}>
          <PasswordForm />
        </Col>
        <Col xs={24} lg={8}>
          <MobileForm onSaved={refresh} />
        </Col>
      </Row>
    </div>
  );
}
