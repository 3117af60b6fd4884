import { Form, Input, Radio, Select } from 'antd';
import { FormDialog } from '../../components/form-dialog';
import type { Label, LabelGroup } from '../../resources/records';
import { ENTITY_NAMES } from '../../../contract/labels';
import type { LabelValues } from './api';

interface Props {
  open: boolean;
  /** The label being edited; absent when adding. */
  label?: Label;
  groups: LabelGroup[];
  defaultGroup?: number;
  onCancel: () => void;
  /** Resolves true when saved. */
  onSave: (values: LabelValues) => Promise<boolean>;
}

/** The names typed when adding: one per line, trimmed, each once. */
export const labelNames = (text: string) => [...new Set(text.split(/\r?\n/).map((name) => name.trim()).filter(Boolean))];

/** 新增标签 (one name per line: several are made at once) / 标签信息: name, entity (报告 or 素材) and group. */
export function LabelDialog({ open, label, groups, defaultGroup, onCancel, onSave }: Props) {
  const initial: LabelValues = label
    ? { name: label.name, origin: label.origin, label_group: label.label_group ?? undefined }
    : { name: '', origin: ENTITY_NAMES[0], label_group: defaultGroup };
  return (
    <FormDialog
      title={label ? '标签信息' : '新增标签'}
      open={open}
      name="labelForm"
      initial={initial}
      onCancel={onCancel}
      onSave={(values) => onSave({ ...values, name: label ? values.name.trim() : values.name, label_group: values.label_group ?? null })}
    >
      <Form.Item name="name" label="标签名称" rules={[{ required: true, whitespace: true, message: '请输入标签名称' }]}
        extra={label ? undefined : '每行一个名称，可一次新增多个标签'}>
        {label ? <Input placeholder="请输入标签名称" maxLength={50} /> : <Input.TextArea placeholder="请输入标签名称" autoSize={{ minRows: 1, maxRows: 8 }} />}
      </Form.Item>
      <Form.Item name="origin" label="实体" rules={[{ required: true, message: '请选择实体' }]}>
        <Radio.Group options={ENTITY_NAMES.map((origin) => ({ label: origin, value: origin }))} />
      </Form.Item>
      <Form.Item name="label_group" label="标签类别">
        <Select allowClear placeholder="请选择标签分组" options={groups.map((group) => ({ label: group.name, value: group.id }))} />
      </Form.Item>
    </FormDialog>
  );
}
