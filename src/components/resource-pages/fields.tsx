import { useSelect } from '@refinedev/antd';
import { Form, Input, Select, type SelectProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useParams } from 'react-router-dom';
import type { FieldInput, ResourceField } from '../../resources/types';

type Row = Record<string, unknown>;

const keyText = (key: ResourceField['key']) => (Array.isArray(key) ? key.join('.') : key);

function valueAt(record: Row, key: ResourceField['key']): unknown {
  const path = Array.isArray(key) ? key : [key];
  return path.reduce<unknown>((value, part) => (value as Row | null | undefined)?.[part], record);
}

/** The list columns of a resource's fields; empty values show as —. */
export function fieldColumns(fields: ResourceField[]): ColumnsType<Row> {
  return fields
    .filter((field) => field.list !== false)
    .map((field) => ({
      key: keyText(field.key),
      title: field.label,
      render: (_: unknown, record: Row) => {
        const value = valueAt(record, field.key);
        if (field.render) return field.render(value, record);
        return value === null || value === undefined || value === '' ? '—' : String(value);
      },
    }));
}

/** Options from another resource's records (all of them: admin lists are short). */
export function RelatedSelect({
  input,
  label,
  ...props
}: SelectProps & { input: Extract<FieldInput, { type: 'select' }>; label: string }) {
  const { projectId } = useParams();
  const { selectProps } = useSelect<Record<string, string | number>>({
    resource: input.resource,
    meta: { projectId },
    optionLabel: input.optionLabel,
    optionValue: 'id',
    pagination: { current: 1, pageSize: 1000, mode: 'server' },
  });
  return (
    <Select
      {...props}
      options={selectProps.options}
      loading={selectProps.loading}
      showSearch={false}
      allowClear
      placeholder={`请选择${label}`}
    />
  );
}

/** The form items of a resource's fields for one form. */
export function FieldItems({ fields, form }: { fields: ResourceField[]; form: 'create' | 'edit' }) {
  return (
    <>
      {fields
        .filter((field) => field.form?.includes(form))
        .map((field) => {
          const input = field.input ?? { type: 'text' };
          const verb = input.type === 'select' ? '请选择' : '请输入';
          return (
            <Form.Item
              key={keyText(field.key)}
              name={field.key}
              label={field.label}
              rules={field.required ? [{ required: true, whitespace: true, message: `${verb}${field.label}` }] : []}
            >
              {input.type === 'select' ? (
                <RelatedSelect input={input} label={field.label} />
              ) : (
                <Input placeholder={`${verb}${field.label}`} aria-label={field.label} maxLength={input.maxLength} />
              )}
            </Form.Item>
          );
        })}
    </>
  );
}
