import { useCreate } from '@refinedev/core';
import { ColorPicker, Form, Input } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useNavigate } from 'react-router-dom';
import { FormDialog } from '../../components/form-dialog';
import { feedback } from '../../lib/feedback';
import type { Project } from '../../resources/records';

interface Values {
  name: string;
  description?: string;
  color?: string;
}

/** Cover colours offered first; any other can be picked. */
const COVER_COLOURS = ['#1f4e9c', '#2f6bc6', '#13a8a8', '#389e0d', '#d48806', '#cf1322', '#531dab', '#434343'];

/** 新建项目: name, description and cover colour; the new project opens at once. */
export function NewProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { mutateAsync: create } = useCreate<Project>();
  const navigate = useNavigate();

  const save = async ({ name, description, color }: Values) => {
    const { data } = await create({
      resource: 'projects',
      values: { name: name.trim(), description: description?.trim() ?? '', color: color ?? COVER_COLOURS[0] },
      successNotification: false,
    }).catch(() => ({ data: undefined })); // The HTTP layer has said why.
    if (!data) return;
    feedback.success('新建项目成功');
    onClose();
    navigate(`/main/${data.uuid}/reportList`);
  };

  return (
    <FormDialog<Values> title="新建项目" name="newProject" open={open} initial={{ name: '', description: '', color: COVER_COLOURS[0] }} onCancel={onClose} onSave={save}>
      <Form.Item name="name" label="项目名称" rules={[{ required: true, whitespace: true, message: '请输入项目名称' }]}>
        <Input placeholder="请输入项目名称" maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label="项目描述">
        <Input.TextArea placeholder="请输入项目描述" rows={3} maxLength={500} showCount />
      </Form.Item>
      <Form.Item name="color" label="封面颜色" getValueFromEvent={(color: Color) => color.toHexString()}>
        <ColorPicker showText presets={[{ label: '推荐颜色', colors: COVER_COLOURS }]} />
      </Form.Item>
    </FormDialog>
  );
}
