import { Button, Empty, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import type { TaskInstance, WorkflowTask } from '../../../contract/workflows';
import { PARAM_TYPE_LABELS } from './param-input';

/** A structured value: an object or array, or text holding one (QueryOperator's `rows` is a JSON string). */
function structuredOf(value: unknown): object | undefined {
  if (value !== null && typeof value === 'object') return value;
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The kind of a value the task did not declare, in the words of the task form. */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return '数组';
  if (value === null) return '空';
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) ? PARAM_TYPE_LABELS.integer : PARAM_TYPE_LABELS.float;
    case 'boolean':
      return PARAM_TYPE_LABELS.boolean;
    case 'string':
      return PARAM_TYPE_LABELS.string;
    default:
      return '对象';
  }
}

const MAX_SHOWN = 120;

function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

interface Row {
  name: string;
  type: string;
  value: unknown;
  structured?: object;
}

/** One value: as text, and for a structured one a toggle to its indented JSON. */
function OutputValue({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  return (
    <Flex vertical gap={4} align="start">
      <Flex gap={8} align="center" wrap>
        <Typography.Text code className="task-outputs__value">
          {shownValue(row.value)}
        </Typography.Text>
        {row.structured && (
          <Button size="small" type="link" aria-expanded={open} aria-label={`${open ? '收起' : '查看'} ${row.name} 的 JSON`} onClick={() => setOpen(!open)}>
            {open ? '收起 JSON' : '查看 JSON'}
          </Button>
        )}
      </Flex>
      {open && row.structured && (
        <pre className="log-text task-outputs__json" data-testid="output-json">
          {JSON.stringify(row.structured, null, 2)}
        </pre>
      )}
    </Flex>
  );
}

/**
 * 输出: what the task instance handed on (its outputs, Airflow's XCom), one row each: the name, the
 * type the task declares (else the value's kind) and the value. Declared outputs come first in their order.
 */
export function TaskOutputs({ task, instance }: { task: WorkflowTask; instance: TaskInstance }) {
  const outputs = instance.outputs ?? {};
  const declared = task.outputs.map((spec) => spec.field_name);
  const names = [...declared.filter((name) => name in outputs), ...Object.keys(outputs).filter((name) => !declared.includes(name))];
  const rows: Row[] = names.map((name) => {
    const spec = task.outputs.find((candidate) => candidate.field_name === name);
    const value = outputs[name];
    return { name, type: spec ? PARAM_TYPE_LABELS[spec.type] : kindOf(value), value, structured: structuredOf(value) };
  });
  return (
    <div className="task-outputs" data-testid="task-outputs">
      <Typography.Title level={5}>输出</Typography.Title>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={instance.state === 'success' ? '该任务没有输出' : '任务成功后才有输出'} />
      ) : (
        <Table<Row>
          size="small"
          rowKey="name"
          pagination={false}
          dataSource={rows}
          aria-label={`任务 ${task.name} 的输出`}
          columns={[
            { key: 'name', title: '名称', dataIndex: 'name', width: 180 },
            { key: 'type', title: '类型', dataIndex: 'type', width: 100 },
            { key: 'value', title: '值', render: (_, row) => <OutputValue row={row} /> },
          ]}
        />
      )}
    </div>
  );
}
