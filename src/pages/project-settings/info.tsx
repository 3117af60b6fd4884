import { useInvalidate, useUpdate } from '@refinedev/core';
import { Button, Card, ColorPicker, Form, Input, Select } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useApiMutation } from '../../api/hooks';
import { useProjectContext } from '../../components/project-context';
import { feedback } from '../../lib/feedback';
import { ImageUpload } from '../library/uploads';

interface InfoValues {
  name: string;
  skin?: string | null;
  color?: string | null;
  description?: string;
  logo?: string;
}

const skins = [
  { value: 'darkblue', label: '深蓝' },
  { value: 'dark', label: '暗黑' },
  { value: 'light', label: '明亮' },
];

/** 项目信息: name, skin and colour are the project's (PATCH); description and logo its profile (set_profile). */
export function ProjectInfo() {
  const { projectId, project, profile, can } = useProjectContext();
  const editProject = can('projects', 'edit');
  const editProfile = can('projectProfile', 'edit');
  const [form] = Form.useForm<InfoValues>();
  const { mutateAsync: update, isLoading: updating } = useUpdate();
  const { call, isLoading: savingProfile } = useApiMutation();
  const invalidate = useInvalidate();

  const save = async ({ name, skin, color, description, logo }: InfoValues) => {
    try {
      if (editProject) {
        await update({
          resource: 'projects',
          id: projectId,
          values: { name: name.trim(), skin: skin ?? '', color: color ?? '' },
          successNotification: false,
        });
      }
      if (editProfile) {
        await call('postProjectProfileProjectsByProjectUuidProjectProfileSetProfile', {
          path: { project_uuid: projectId },
          body: { description: description ?? '', logo: logo ?? '' },
        });
      }
    } catch {
      return; // The HTTP layer has said why.
    }
    feedback.success('数据保存成功!');
    await Promise.all([
      invalidate({ resource: 'projects', id: projectId, invalidates: ['detail', 'list'] }),
      invalidate({ resource: 'projectProfile', id: projectId, invalidates: ['detail'] }),
    ]);
  };

  return (
    <Card title="项目信息" variant="borderless" className="settings-card">
      <Form<InfoValues>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          name: project?.name,
          skin: project?.skin || undefined,
          color: project?.color || undefined,
          description: typeof profile.description === 'string' ? profile.description : '',
          logo: typeof profile.logo === 'string' ? profile.logo : '',
        }}
      >
        <Form.Item name="name" label="项目名称" rules={[{ required: true, whitespace: true, message: '请输入项目名称' }]}>
          <Input placeholder="请输入项目名称" maxLength={100} disabled={!editProject} />
        </Form.Item>
        <Form.Item name="skin" label="项目皮肤">
          <Select options={skins} allowClear placeholder="请选择项目皮肤" disabled={!editProject} />
        </Form.Item>
        <Form.Item name="color" label="主题色" getValueFromEvent={(color: Color) => color.toHexString()}>
          {/* Hex only: the format switch would show HEX, RGB and HSB, English abbreviations. */}
          <ColorPicker showText format="hex" disabledFormat disabledAlpha disabled={!editProject} />
        </Form.Item>
        <Form.Item name="description" label="项目描述">
          <Input.TextArea placeholder="请输入项目描述" rows={4} maxLength={500} showCount disabled={!editProfile} />
        </Form.Item>
        <Form.Item name="logo" label="项目标志" extra="JPG 或 PNG，不超过 1MB">
          <ImageUpload purpose="avatar" projectUuid={projectId} disabled={!editProfile} alt="项目标志" />
        </Form.Item>
        {(editProject || editProfile) && (
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={updating || savingProfile}>
              保存
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}
