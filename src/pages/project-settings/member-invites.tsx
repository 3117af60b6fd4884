import { LinkOutlined, UserAddOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Button, Flex, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { FormDialog } from '../../components/form-dialog';
import { RelatedSelect } from '../../components/resource-pages/fields';
import { copyText } from '../../lib/clipboard';
import { feedback } from '../../lib/feedback';
import type { ToolbarProps } from '../../resources/types';

interface InviteValues {
  usernames: string[];
  role_id?: number;
}

/** The server's answer for anyone not in the organization: a one-use link that names nobody. */
interface Invitation {
  invited: true;
  message: string;
  url: string;
  expires_at: string;
  username?: string;
}

const isInvitation = (answer: unknown): answer is Invitation => (answer as Invitation | undefined)?.invited === true;

/** The full address of an invitation (`#/list?protoken=…`) on this app. */
const inviteAddress = (url: string) => `${window.location.origin}${window.location.pathname}${url}`;

/** An invite link with its copy button. */
function InvitationLink({ url, label = '邀请链接' }: { url: string; label?: string }) {
  const copy = async () => {
    if (await copyText(inviteAddress(url))) feedback.success('复制成功');
    else feedback.warning('复制失败，请手动复制链接');
  };
  return (
    <Space.Compact block>
      <Input readOnly value={inviteAddress(url)} aria-label={label} />
      <Button type="primary" onClick={copy}>
        复制链接
      </Button>
    </Space.Compact>
  );
}

/** What 新增 shows when the name is not a member of the organization: the link to pass on. */
export function InvitationAnswer({ answer }: { answer: Record<string, unknown> }) {
  if (!isInvitation(answer)) return null;
  return (
    <Flex vertical gap={12}>
      <Typography.Text>{answer.message}</Typography.Text>
      <InvitationLink url={answer.url} />
      <Typography.Text type="secondary">链接有效期至 {answer.expires_at}，只能使用一次。</Typography.Text>
    </Flex>
  );
}

/** 邀请成员: adds members of the organization by name, all or none; anyone else gets a link. */
function InviteUsers({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const { call } = useApiMutation();
  const invalidate = useInvalidate();
  const [invitations, setInvitations] = useState<Invitation[]>([]);

  const submit = async ({ usernames, role_id }: InviteValues) => {
    let answers: unknown[];
    try {
      answers = await call(
        'postProjectProjectsByProjectUuidMembersInviteUser',
        { path: { project_uuid: projectId }, body: usernames.map((username) => ({ username: username.trim(), role_id })) },
        { success: '邀请成功' },
      );
    } catch {
      return;
    }
    await invalidate({ resource: 'projectMembers', invalidates: ['list'] });
    setOpen(false);
    setInvitations(answers.filter(isInvitation));
  };

  return (
    <>
      <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        邀请成员
      </Button>
      <FormDialog<InviteValues> title="邀请成员" open={open} name="inviteMembers" okText="邀请" initial={{ usernames: [] }} onCancel={() => setOpen(false)} onSave={submit}>
          <Form.Item
            name="usernames"
            label="用户名"
            extra="可输入多个用户名，以逗号或回车分隔"
            rules={[{ required: true, message: '请输入用户名' }]}
          >
            <Select mode="tags" tokenSeparators={[',', '，', ' ']} suffixIcon={null} notFoundContent={null} placeholder="请输入用户名" />
          </Form.Item>
          <Form.Item name="role_id" label="角色" extra="不选时为默认角色">
            <RelatedSelect input={{ type: 'select', resource: 'projectRoles', optionLabel: 'name' }} label="角色" />
          </Form.Item>
      </FormDialog>
      <Modal title="邀请链接" open={invitations.length > 0} onCancel={() => setInvitations([])} footer={null} destroyOnHidden>
        <Flex vertical gap={12}>
          <Typography.Text>{invitations[0]?.message}</Typography.Text>
          {invitations.map((invitation) => (
            <Flex key={invitation.url} vertical gap={4}>
              <Typography.Text strong>{invitation.username}</Typography.Text>
              <InvitationLink url={invitation.url} label={`${invitation.username}的邀请链接`} />
            </Flex>
          ))}
          <Typography.Text type="secondary">每个链接只能使用一次，有效期至 {invitations[0]?.expires_at}。</Typography.Text>
        </Flex>
      </Modal>
    </>
  );
}

/** 邀请链接: a link valid for some days that lets anyone signed in join with the default role. */
function InviteLink({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState(7);
  // Asked on 生成链接 only; the HTTP layer tells a failure.
  const invite = useApiQuery(
    'getProjectProjectsByProjectUuidMembersInviteCode',
    { path: { project_uuid: projectId }, query: { days } },
    // A changed number of days keeps the last link shown until the next one.
    { queryOptions: { enabled: false, keepPreviousData: true } },
  );
  const code = invite.data?.data;
  return (
    <>
      <Button icon={<LinkOutlined />} onClick={() => setOpen(true)}>
        邀请链接
      </Button>
      <Modal title="邀请链接" open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <Flex vertical gap={16}>
          <Space wrap>
            <span>有效期</span>
            <InputNumber
              min={1}
              max={365}
              precision={0}
              value={days}
              onChange={(value) => setDays(value ?? 7)}
              aria-label="有效天数"
            />
            <span>天</span>
            <Button type="primary" loading={invite.isFetching} onClick={() => void invite.refetch()}>
              生成链接
            </Button>
          </Space>
          {code && (
            <>
              <InvitationLink url={code.url} />
              <Typography.Text type="secondary">
                链接有效期至 {code.expires_at}，登录后打开链接即可以默认角色加入项目。
              </Typography.Text>
            </>
          )}
        </Flex>
      </Modal>
    </>
  );
}

/** The members list's extra toolbar: invitations need the permission to add members. */
export function MemberInvites({ projectId, can }: ToolbarProps) {
  if (!can('create')) return null;
  return (
    <Space wrap>
      <InviteUsers projectId={projectId} />
      <InviteLink projectId={projectId} />
    </Space>
  );
}
