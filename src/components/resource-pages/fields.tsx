import { useSelect } from '@refinedev/antd';
import { Form, Input, InputNumber, Select, Switch, type SelectProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import type { FieldInput, ResourceField } from '../../resources/types';
import { NameCell } from '../name-cell';

type Row = Record<string, unknown>;

/** The width of a long name's column, which its ellipsis needs. */
const LONG_WIDTH = 240;

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
      // A short column's title stays on one line (a narrow 参数 column broke it into 参 over 数).
      ...(field.long ? { ellipsis: { showTitle: false }, width: LONG_WIDTH } : { onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' as const } }) }),
      render: (_: unknown, record: Row) => {
        const value = valueAt(record, field.key);
        const text = value === null || value === undefined || value === '' ? '—' : String(value);
        const shown = field.render ? field.render(value, record) : text;
        return field.long ? <NameCell text={text}>{shown}</NameCell> : shown;
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

const keyName = (key: ResourceField['key']) => (Array.isArray(key) ? key[key.length - 1] : key);
const typed: FieldInput['type'][] = ['text', 'password'];

/** The entry widget of one field. */
function FieldControl({ field, ...props }: { field: ResourceField; value?: unknown; onChange?: (value: unknown) => void }) {
  const { projectId = '' } = useParams();
  const input = field.input ?? { type: 'text' };
  const placeholder = `${input.type === 'select' || input.type === 'choice' ? '请选择' : '请输入'}${field.label}`;
  switch (input.type) {
    case 'select':
      return <RelatedSelect {...props} input={input} label={field.label} />;
    case 'choice':
      return <Select {...props} options={input.options} placeholder={placeholder} />;
    case 'number':
      return (
        <InputNumber
          {...(props as { value?: number; onChange?: (value: number | null) => void })}
          min={input.min}
          max={input.max}
          precision={input.precision}
          placeholder={placeholder}
          aria-label={field.label}
          className="field-number"
        />
      );
    case 'password':
      return <Input.Password {...(props as object)} placeholder={placeholder} aria-label={field.label} maxLength={input.maxLength} autoComplete="new-password" />;
    case 'switch':
      return <Switch {...(props as object)} aria-label={field.label} />;
    case 'tags':
      return <Select {...props} mode="tags" tokenSeparators={[',', '，']} suffixIcon={null} notFoundContent={null} placeholder={placeholder} />;
    case 'custom':
      return (
        <Suspense fallback={null}>
          <input.component {...props} projectId={projectId} />
        </Suspense>
      );
    default:
      return <Input {...(props as object)} placeholder={placeholder} aria-label={field.label} maxLength={input.maxLength} />;
  }
}

/** The form items of a resource's fields for one form. */
export function FieldItems({ fields, form }: { fields: ResourceField[]; form: 'create' | 'edit' }) {
  return (
    <>
      {fields
        .filter((field) => field.form?.includes(form))
        .map((field) => {
          const input = field.input ?? { type: 'text' };
          const verb = input.type === 'select' || input.type === 'choice' ? '请选择' : '请输入';
          const itemWith = (help: string | undefined) => (
            <Form.Item
              key={keyText(field.key)}
              name={field.key}
              label={field.label}
              extra={help}
              initialValue={form === 'create' ? field.initial : undefined}
              valuePropName={input.type === 'switch' ? 'checked' : 'value'}
              // Only text gets `whitespace`: any key besides `required` makes the rule check for a string.
              rules={field.required ? [{ required: true, message: field.requiredMessage ?? `${verb}${field.label}`, ...(typed.includes(input.type) && { whitespace: true }) }] : []}
            >
              <FieldControl field={field} />
            </Form.Item>
          );
          const changed = form === 'edit' ? field.helpWhenChanged : undefined;
          const item = changed ? (
            <Form.Item key={keyText(field.key)} noStyle shouldUpdate>
              {({ isFieldsTouched }) => itemWith(isFieldsTouched(changed.keys) ? changed.help : field.help)}
            </Form.Item>
          ) : (
            itemWith(field.help)
          );
          const when = field.shownWhen;
          if (!when) return item;
          return (
            <Form.Item key={keyText(field.key)} noStyle dependencies={[when.key]}>
              {({ getFieldValue }) => (when.values.includes(getFieldValue(when.key)) ? item : null)}
            </Form.Item>
          );
        })}
    </>
  );
}

/** The fields another field's change sets (a `follows` rule), for the form's onValuesChange. */
export function followedValues(fields: ResourceField[], changed: Record<string, unknown>): Record<string, unknown> {
  const next: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.follows && field.follows.key in changed) next[keyName(field.key)] = field.follows.value(changed[field.follows.key]);
  }
  return next;
}

/**
 * The body a form sends: an edit's empty password is left out (the stored one stays), and a
 * field hidden by `shownWhen` is not kept.
 */
export function submittedValues(fields: ResourceField[], action: 'create' | 'edit', values: Record<string, unknown>): Record<string, unknown> {
  const body = { ...values };
  for (const field of fields) {
    const name = keyName(field.key);
    if (field.input?.type === 'password' && action === 'edit' && !body[name]) delete body[name];
    // A create leaves a hidden field out; an edit clears what it held before.
    if (field.shownWhen && !field.shownWhen.values.includes(values[field.shownWhen.key])) {
      if (action === 'edit') body[name] = null;
      else delete body[name];
    }
  }
  return body;
}
