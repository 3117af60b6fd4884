import { Form, Modal } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';

interface Props<V> {
  title: string;
  open: boolean;
  /** Unique on the page: it prefixes the field ids. */
  name?: string;
  okText?: string;
  /** What the form shows each time it opens. */
  initial: V;
  onCancel: () => void;
  onSave: (values: V) => Promise<unknown>;
  children: ReactNode;
}

/** A dialog around one form: 确定 checks and submits it, and spins while `onSave` runs. */
export function FormDialog<V extends object>({ title, open, name, okText, initial, onCancel, onSave, children }: Props<V>) {
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  // Keyed by content, so a parent's new object of the same values does not reset typing.
  const shown = JSON.stringify(initial);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(JSON.parse(shown) as V);
  }, [open, shown, form]);

  const submit = async (values: V) => {
    setSaving(true);
    await onSave(values).finally(() => setSaving(false));
  };

  return (
    <Modal title={title} open={open} onCancel={onCancel} onOk={() => form.submit()} okText={okText} confirmLoading={saving} forceRender>
      <Form form={form} name={name} layout="vertical" onFinish={submit}>
        {children}
      </Form>
    </Modal>
  );
}
