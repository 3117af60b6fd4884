import { Button, Flex, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { FILTER_OPS, kindOf, OPS_OF, type FilterOp } from '../../../contract/record-filters';

/** A filter as `records/` takes it (the server checks column, op and value against the table). */
export interface RecordFilter {
  column: string;
  op: FilterOp;
  value?: string | number | Array<string | number>;
}

const NO_VALUE: FilterOp[] = ['is_null', 'not_null'];

export const filterText = ({ column, op, value }: RecordFilter) =>
  `${column} ${FILTER_OPS[op]}${value === undefined ? '' : ` ${Array.isArray(value) ? value.join(' ~ ') : value}`}`;

/** The filter bar of 数据: a column, an op its type takes, a value (two for 介于); the filters in force as tags. */
export function RecordFilters({ columns, filters, onChange }: { columns: Array<{ name: string; type: string }>; filters: RecordFilter[]; onChange: (filters: RecordFilter[]) => void }) {
  const [column, setColumn] = useState<string>();
  const [op, setOp] = useState<FilterOp>();
  const [value, setValue] = useState('');
  const [until, setUntil] = useState('');
  const type = columns.find((known) => known.name === column)?.type;
  const ops = type ? OPS_OF[kindOf(type)] : [];
  const needsValue = op !== undefined && !NO_VALUE.includes(op);
  const ready = column && op && (!needsValue || (value.trim() !== '' && (op !== 'between' || until.trim() !== '')));
  const add = () => {
    if (!ready) return;
    const filter: RecordFilter = { column, op, ...(needsValue ? { value: op === 'between' ? [value.trim(), until.trim()] : value.trim() } : {}) };
    onChange([...filters, filter]);
    setValue('');
    setUntil('');
  };
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center">
        <Select
          aria-label="筛选列"
          placeholder="筛选列"
          style={{ width: 180 }}
          showSearch
          value={column}
          options={columns.map((known) => ({ label: known.name, value: known.name }))}
          onChange={(name: string) => {
            setColumn(name);
            const kind = kindOf(columns.find((known) => known.name === name)?.type ?? '');
            setOp(OPS_OF[kind].includes('contains') ? 'contains' : 'eq');
          }}
        />
        <Select aria-label="筛选方式" placeholder="方式" style={{ width: 120 }} value={op} disabled={!column} options={ops.map((key) => ({ label: FILTER_OPS[key], value: key }))} onChange={setOp} />
        {needsValue && (
          <Input aria-label="筛选值" placeholder={op === 'between' ? '起' : '筛选值'} style={{ width: 180 }} value={value} onChange={(event) => setValue(event.target.value)} onPressEnter={add} />
        )}
        {op === 'between' && <Input aria-label="筛选值（止）" placeholder="止" style={{ width: 180 }} value={until} onChange={(event) => setUntil(event.target.value)} onPressEnter={add} />}
        <Button disabled={!ready} onClick={add}>
          添加筛选
        </Button>
      </Flex>
      {filters.length > 0 && (
        <Flex gap={4} wrap align="center">
          {filters.map((filter, index) => (
            <Tag key={`${index}:${filterText(filter)}`} closable onClose={() => onChange(filters.filter((_, at) => at !== index))}>
              {filterText(filter)}
            </Tag>
          ))}
          <Button type="link" size="small" onClick={() => onChange([])}>
            清除筛选
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
