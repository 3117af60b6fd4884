import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';

interface Props {
  title: string;
  open: boolean;
  initial?: string;
  /** The message of the required rule. */
  required: string;
  /** Unique on the page: it prefixes the field ids. */
  formName: string;
  onCancel: () => void;
  /** Resolves true when saved (the dialog then closes). */
  onSave: (name: string) => Promise<boolean>;
}

/** Asks for a label group name: adding (分组名称必填！) or renaming (组名不能为空). */
export function GroupNameDialog({ title, open, initial, required, formName, onCancel, onSave }: Props) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ name: initial ?? '' });
  }, [open, initial, form]);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    const saved = await onSave(name.trim()).finally(() => setSaving(false));
    if (saved) form.resetFields();
  };

  return (
    <Modal title={title} open={open} onCancel={onCancel} onOk={() => form.submit()} confirmLoading={saving} forceRender>
      <Form form={form} name={formName} layout="vertical" onFinish={submit}>
        <Form.Item name="name" label="分组名称" rules={[{ required: true, whitespace: true, message: required }]}>
          <Input placeholder="请输入分组名称" maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
