import { useInvalidateAuthStore } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useApiMutation } from '../../api/hooks';
import { FormDialog } from '../../components/form-dialog';
import { setCookie } from '../../lib/cookies';
import { feedback } from '../../lib/feedback';

/** The server's limit on organization names (server/modules/organizations/create-routes.ts). */
const NAME_MAX = 50;

/** 创建组织: the user becomes the owner of a new organization, which becomes the current one. */
export function NewOrganizationDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { call } = useApiMutation();
  const queryClient = useQueryClient();
  const invalidateAuth = useInvalidateAuthStore();

  const save = async ({ name }: { name: string }) => {
    const answer = await call('postOrganizationOrganizations', { body: { name: name.trim() } }).catch(
      () => undefined, // The HTTP layer has said why.
    );
    if (!answer) return;
    setCookie('organization_uuid', answer.uuid);
    await Promise.all([queryClient.invalidateQueries(), invalidateAuth()]);
    feedback.success(`已创建组织「${answer.name}」`);
    onCreated();
  };

  return (
    <FormDialog<{ name: string }> title="创建组织" name="newOrganization" open={open} initial={{ name: '' }} onCancel={onClose} onSave={save}>
      <Form.Item name="name" label="组织名称" extra="您将成为该组织的所有者，之后可以邀请同事加入" rules={[{ required: true, whitespace: true, message: '请输入组织名称' }]}>
        <Input placeholder="请输入组织名称，如公司或团队的名称" maxLength={NAME_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
