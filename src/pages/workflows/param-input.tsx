import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import type { ParamSpec } from '../../../contract/workflows';

export type ParamValue = string | number | boolean | null;

/** How a datetime parameter's value is written. */
const DATETIME = 'YYYY-MM-DD HH:mm:ss';

interface Props {
  spec: ParamSpec;
  value?: ParamValue;
  onChange?: (value: ParamValue | undefined) => void;
  id?: string;
  disabled?: boolean;
}

/** The entry widget of one input parameter, by its type: bounds for numbers, a choice for options, a switch, a date and time. */
export function ParamInput({ spec, value, onChange, id, disabled }: Props) {
  // A select takes its name from the label that points at its id (an aria-label would name two of its elements).
  const common = { id, disabled };
  const named = { ...common, 'aria-label': spec.field_name };
  const placeholder = spec.placeholder || `请输入${spec.field_name}`;
  switch (spec.type) {
    case 'integer':
    case 'float':
      return (
        <InputNumber
          {...named}
          className="param-input__number"
          value={typeof value === 'number' ? value : value === null || value === undefined || value === '' ? null : Number(value)}
          onChange={(next) => onChange?.(next ?? undefined)}
          min={spec.number_min ?? undefined}
          max={spec.number_max ?? undefined}
          precision={spec.type === 'integer' ? 0 : undefined}
          placeholder={placeholder}
        />
      );
    case 'boolean':
      return <Switch {...named} checked={value === true || value === 'true'} onChange={(checked) => onChange?.(checked)} />;
    case 'datetime':
      return (
        <DatePicker
          {...named}
          showTime
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(date) => onChange?.(date ? date.format(DATETIME) : undefined)}
          placeholder={spec.placeholder || '请选择日期时间'}
        />
      );
    default:
      if (spec.options.length)
        return (
          <Select
            {...common}
            allowClear
            value={value === null || value === undefined || value === '' ? undefined : String(value)}
            onChange={(next?: string) => onChange?.(next)}
            options={spec.options.map((option) => ({ label: option, value: option }))}
            placeholder={spec.placeholder || `请选择${spec.field_name}`}
          />
        );
      return (
        <Input
          {...named}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => onChange?.(event.target.value === '' ? undefined : event.target.value)}
          placeholder={placeholder}
        />
      );
  }
}

/** A parameter's kind in words, beside its name. */
export const PARAM_TYPE_LABELS: Record<ParamSpec['type'], string> = { string: '字符串', float: '浮点数', integer: '整数', boolean: '布尔', datetime: '日期时间' };
