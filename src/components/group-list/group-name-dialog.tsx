import { Form, Input } from 'antd';
import { FormDialog } from '../form-dialog';

interface Props {
  title: string;
  open: boolean;
  initial?: string;
  /** The message of the required rule. */
  required: string;
  /** Unique on the page: it prefixes the field ids. */
  formName: string;
  onCancel: () => void;
  onSave: (name: string) => Promise<boolean>;
}

/** Asks for a label group name: adding (分组名称必填！) or renaming (组名不能为空). */
export function GroupNameDialog({ title, open, initial, required, formName, onCancel, onSave }: Props) {
  return (
    <FormDialog title={title} open={open} name={formName} initial={{ name: initial ?? '' }} onCancel={onCancel} onSave={({ name }) => onSave(name.trim())}>
      <Form.Item name="name" label="分组名称" rules={[{ required: true, whitespace: true, message: required }]}>
        <Input placeholder="请输入分组名称" maxLength={50} />
      </Form.Item>
    </FormDialog>
  );
}
