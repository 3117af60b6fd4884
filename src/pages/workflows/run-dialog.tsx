import { useCreate } from '@refinedev/core';
import { Alert, Empty, Form, Spin, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import type { DagRun, DagRunCreate, Workflow, WorkflowInputParam } from '../../../contract/workflows';
import { useApiQuery } from '../../api/hooks';
import { FormDialog } from '../../components/form-dialog';
import { ParamInput } from './param-input';
import { usePublish } from './use-publish';

interface Props {
  projectId: string;
  workflow: Workflow;
  open: boolean;
  /** The caller may edit the workflow, so may publish it first. */
  canPublish: boolean;
  onClose: () => void;
  onStarted: (run: DagRun) => void;
}

type Values = Record<string, string | number | boolean | null | undefined>;

/** The run's conf: the given inputs keyed `task.field`; empty ones are left out. */
function confOf(values: Values): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The checks the server makes of a run's conf (run-conf.ts), with its words, so that a value it
 * would refuse is said beside its field before anything is sent.
 */
export function confRules(input: WorkflowInputParam): Rule[] {
  const { key } = input;
  return [
    { required: input.required, message: `请填写运行参数 ${key}` },
    {
      validator: async (_, value: unknown) => {
        if (blank(value)) return;
        switch (input.type) {
          case 'integer':
          case 'float': {
            const number = typeof value === 'string' ? Number(value) : value;
            if (typeof number !== 'number' || !Number.isFinite(number)) throw new Error(`运行参数 ${key} 应为${input.type === 'integer' ? '整数' : '数字'}`);
            if (input.type === 'integer' && !Number.isInteger(number)) throw new Error(`运行参数 ${key} 应为整数`);
            if (input.number_min !== null && number < input.number_min) throw new Error(`运行参数 ${key} 不能小于 ${input.number_min}`);
            if (input.number_max !== null && number > input.number_max) throw new Error(`运行参数 ${key} 不能大于 ${input.number_max}`);
            return;
          }
          case 'datetime':
            if (typeof value !== 'string' || !dayjs(value).isValid()) throw new Error(`运行参数 ${key} 应为日期时间，如 2026-11-25 10:00:00`);
            return;
          case 'string':
            if (input.options.length > 0 && !input.options.includes(String(value))) throw new Error(`运行参数 ${key} 应为以下之一：${input.options.join('、')}`);
            return;
          default:
            return;
        }
      },
    },
  ];
}

/** A number's bounds in words, beside its field. */
function rangeOf(input: WorkflowInputParam): string {
  if (input.type !== 'integer' && input.type !== 'float') return '';
  const { number_min: min, number_max: max } = input;
  if (min !== null && max !== null) return `取值 ${min} ~ ${max}`;
  if (min !== null) return `不小于 ${min}`;
  if (max !== null) return `不大于 ${max}`;
  return '';
}

/** What happens to unpublished changes when this caller runs the workflow. */
function PublishNotice({ workflow, canPublish }: { workflow: Workflow; canPublish: boolean }) {
  if (!workflow.has_unpublished_changes && workflow.version !== null) return null;
  if (canPublish) return <Alert type="info" showIcon message="当前定义有未发布的修改，运行前将先发布为新版本" />;
  if (workflow.version === null) return <Alert type="error" showIcon message="工作流尚未发布，请联系有编辑权限的成员发布后再运行" />;
  return <Alert type="warning" showIcon message={`当前定义有未发布的修改，将运行已发布的版本 v${workflow.version}`} />;
}

/** 运行: asks the run's inputs (get_input_params), publishes unpublished changes first when allowed, then creates the run. */
export function RunDialog({ projectId, workflow, open, canPublish, onClose, onStarted }: Props) {
  const params = useApiQuery(
    'getAirflowProjectsByProjectUuidWorkflowsByIdGetInputParams',
    { path: { project_uuid: projectId, id: workflow.id }, query: { limit: 1000, offset: 0 } },
    { queryOptions: { enabled: open, keepPreviousData: false } },
  );
  const { publish } = usePublish(projectId);
  const { mutateAsync: create } = useCreate<DagRun>();
  const inputs = params.data?.data.results ?? [];
  const unpublished = workflow.has_unpublished_changes || workflow.version === null;
  const blocked = workflow.version === null && !canPublish;
  // A switch shows 否 until touched: its value is false, not missing.
  const initial = Object.fromEntries(inputs.filter((input) => input.type === 'boolean').map((input) => [input.key, false]));

  const start = async (values: Values) => {
    if (blocked) return;
    if (unpublished && canPublish) await publish(workflow);
    const body: DagRunCreate = { conf: confOf(values) };
    const { data } = await create({
      resource: 'workflowRuns',
      values: body,
      meta: { projectId, workflowId: workflow.id },
      successNotification: { message: '已触发运行', type: 'success' },
    });
    onStarted(data);
  };

  return (
    <FormDialog<Values> title={`运行：${workflow.name}`} name="run-workflow" okText="运行" open={open} initial={initial} onCancel={onClose} onSave={(values) => start(values).catch(() => undefined)}>
      <PublishNotice workflow={workflow} canPublish={canPublish} />
      {workflow.is_paused && <Alert type="warning" showIcon message="工作流已暂停：本次运行将排队，启用后才开始" />}
      {params.isLoading ? (
        <Spin />
      ) : params.isError ? (
        <Empty description="运行参数加载失败" />
      ) : inputs.length === 0 ? (
        <Typography.Paragraph type="secondary" className="run-dialog__none">
          该工作流运行时无需输入参数
        </Typography.Paragraph>
      ) : (
        inputs.map((input) => (
          <Form.Item
            key={input.key}
            name={input.key}
            label={input.key}
            extra={[input.placeholder, rangeOf(input)].filter(Boolean).join('；') || undefined}
            rules={confRules(input)}
          >
            {/* Bounds are checked by the rules, with the server's words, not clamped away while typing. */}
            <ParamInput spec={{ ...input, number_min: null, number_max: null }} />
          </Form.Item>
        ))
      )}
    </FormDialog>
  );
}
