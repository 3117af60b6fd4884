import { DatePicker, Empty, Form, Select, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import type { Operator, ParamSpec } from '../../../contract/workflows';
import type { CustomInputProps } from '../../resources/types';
import { PARAM_TYPE_LABELS, ParamInput, type ParamValue } from './param-input';
import { useOperatorParams, useWorkflowRoute, useWorkflowTasks } from './use-workflow-data';
import './workflows.css';

/**
 * The workflow forms' own inputs. Each is a custom input of the generic forms: it reads the
 * fields it depends on (operator, script, chosen tasks) from the form it is in.
 */
type Props = CustomInputProps & { id?: string };

/** 开始时间 / 结束时间: ISO 8601 with the offset, or null. */
export function DateTimeInput({ value, onChange, id }: Props) {
  return (
    <DatePicker
      id={id}
      showTime
      allowClear
      value={typeof value === 'string' && value ? dayjs(value) : null}
      onChange={(date) => onChange?.(date ? date.format() : null)}
      placeholder="请选择日期时间"
    />
  );
}

/** The inputs of the task the form describes now (its operator and script). */
function useFormTaskInputs(projectId: string) {
  const form = Form.useFormInstance();
  const operator = Form.useWatch('operator', form) as Operator | undefined;
  const scriptId = Form.useWatch('script_id', form) as number | null | undefined;
  const { inputs, loading } = useOperatorParams(projectId, operator, scriptId);
  // Until the operator (and script) is known, nothing is dropped: an edit is still loading.
  return { inputs, settled: Boolean(operator) && !loading, form };
}

/** Drops what belongs to no input any more, once the inputs are known (another script or operator was chosen). */
function usePrune(settled: boolean, inputs: ParamSpec[], keys: string[], drop: (names: Set<string>) => void) {
  const known = inputs.map((input) => input.field_name).join('\n');
  const stale = keys.filter((key) => !known.split('\n').includes(key)).join('\n');
  // Runs again on each new `drop`, doing nothing once nothing is stale.
  useEffect(() => {
    if (settled && stale) drop(new Set(stale.split('\n')));
  }, [settled, stale, drop]);
}

/** 输入参数值: a typed field for each input of the operator or script; inputs asked at run time have none. */
export function TaskParamsInput({ value, onChange, projectId, id = 'task-params' }: Props) {
  const { inputs, settled, form } = useFormTaskInputs(projectId);
  const runInputs = (Form.useWatch('run_inputs', form) as string[] | undefined) ?? [];
  const values = (value && typeof value === 'object' ? value : {}) as Record<string, ParamValue>;
  usePrune(settled, inputs, Object.keys(values), (stale) => onChange?.(Object.fromEntries(Object.entries(values).filter(([key]) => !stale.has(key)))));

  const set = (field: string, next: ParamValue | undefined) => {
    const rest = Object.fromEntries(Object.entries(values).filter(([key]) => key !== field));
    onChange?.(next === undefined ? rest : { ...rest, [field]: next });
  };
  if (!settled) return <Spin size="small" spinning={Boolean(form.getFieldValue('operator'))} />;
  if (inputs.length === 0) return <Typography.Text type="secondary">该任务没有输入参数</Typography.Text>;
  return (
    <div className="task-params" id={id} role="group" aria-label="输入参数值">
      {inputs.map((input) => (
        <div key={input.field_name} className="task-params__row">
          <div className="task-params__label">
            <label htmlFor={`${id}_${input.field_name}`}>{input.field_name}</label>
            {input.required && <Typography.Text type="danger"> *</Typography.Text>}
            <Typography.Text type="secondary"> {PARAM_TYPE_LABELS[input.type]}</Typography.Text>
          </div>
          {runInputs.includes(input.field_name) ? (
            <Tag color="blue">运行时输入</Tag>
          ) : (
            <ParamInput spec={input} id={`${id}_${input.field_name}`} value={values[input.field_name]} onChange={(next) => set(input.field_name, next)} />
          )}
        </div>
      ))}
      <Typography.Text type="secondary" className="task-params__hint">
        不填的输入可由运行时输入或上游任务的输出提供
      </Typography.Text>
    </div>
  );
}

/** 运行时输入: which inputs the run's trigger asks for. */
export function RunInputsSelect({ value, onChange, projectId, id }: Props) {
  const { inputs, settled } = useFormTaskInputs(projectId);
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  usePrune(settled, inputs, chosen, (stale) => onChange?.(chosen.filter((name) => !stale.has(name))));
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      value={chosen}
      onChange={(next: string[]) => onChange?.(next)}
      options={inputs.map((input) => ({ label: `${input.field_name}（${PARAM_TYPE_LABELS[input.type]}）`, value: input.field_name }))}
      placeholder="请选择运行时填写的输入"
      notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有输入参数" />}
    />
  );
}

/** 上游任务 / 下游任务: a task of this workflow. */
export function TaskSelect({ value, onChange, projectId, id }: Props) {
  const { workflowId } = useWorkflowRoute();
  const tasks = useWorkflowTasks(projectId, workflowId);
  return (
    <Select
      id={id}
      showSearch
      optionFilterProp="label"
      value={value ?? undefined}
      onChange={(next) => onChange?.(next)}
      loading={tasks.isLoading}
      options={(tasks.data?.data ?? []).map((task) => ({ label: task.name, value: task.id }))}
      placeholder="请选择任务"
    />
  );
}

/** A parameter of the task chosen in `taskField`: its outputs (upstream) or inputs (downstream); '' for none. */
function TaskParamSelect({ value, onChange, projectId, id, taskField, side }: Props & { taskField: string; side: 'outputs' | 'inputs' }) {
  const { workflowId } = useWorkflowRoute();
  const form = Form.useFormInstance();
  const taskId = Form.useWatch(taskField, form) as number | undefined;
  const tasks = useWorkflowTasks(projectId, workflowId);
  const task = tasks.data?.data.find((known) => known.id === taskId);
  const params = task?.[side] ?? [];
  return (
    <Select
      id={id}
      allowClear
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(next?: string) => onChange?.(next ?? '')}
      options={params.map((param) => ({ label: `${param.field_name}（${PARAM_TYPE_LABELS[param.type]}）`, value: param.field_name }))}
      placeholder={task ? '不选则仅依赖' : '请先选择任务'}
      notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={side === 'outputs' ? '该任务没有输出参数' : '该任务没有输入参数'} />}
    />
  );
}

export const SourceParamSelect = (props: Props) => <TaskParamSelect {...props} taskField="source_task" side="outputs" />;
export const TargetParamSelect = (props: Props) => <TaskParamSelect {...props} taskField="target_task" side="inputs" />;

/** A task's name by its id, in the links list. */
export function TaskName({ id }: { id: unknown }) {
  const { projectId, workflowId } = useWorkflowRoute();
  const tasks = useWorkflowTasks(projectId, workflowId);
  const task = tasks.data?.data.find((known) => known.id === id);
  return <>{task?.name ?? String(id ?? '—')}</>;
}
