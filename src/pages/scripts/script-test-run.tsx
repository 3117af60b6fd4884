import { Alert, Button, Descriptions, Empty, Form, Modal, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ParamSpec } from '../../../contract/workflows';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { LogText } from '../../components/log-text';
import { ParamInput, type ParamValue } from '../workflows/param-input';

/** How often a running 试运行's log is asked again. */
export const TEST_RUN_POLL_MS = 1000;

export interface ScriptForRun {
  id: number;
  name: string;
  params: Array<ParamSpec & { direction: string }>;
}

type Values = Record<string, ParamValue | undefined>;

const STATE_TAGS: Record<string, { color: string; text: string }> = {
  running: { color: 'processing', text: '运行中' },
  success: { color: 'success', text: '成功' },
  failed: { color: 'error', text: '失败' },
};

/** A 试运行's state, outputs and log, asked again while it runs; the log kept scrolled to its end. */
function TestRunProgress({ projectId, scriptId, runId }: { projectId: string; scriptId: number; runId: number }) {
  const answer = useApiQuery(
    'getScriptProjectsByProjectUuidScriptsByIdTestRunsByRunId',
    { path: { project_uuid: projectId, id: scriptId, run_id: runId } },
    { queryOptions: { keepPreviousData: false, refetchInterval: (data) => (data?.data.state === 'running' ? TEST_RUN_POLL_MS : false) } },
  );
  const run = answer.data?.data;
  if (answer.isLoading) return <Spin />;
  if (!run) return <Empty description="试运行加载失败" />;
  const tag = STATE_TAGS[run.state];
  return (
    <>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label="状态">
          <Tag color={tag.color}>{tag.text}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="版本">第 {run.version} 版</Descriptions.Item>
      </Descriptions>
      {run.state === 'failed' && <Alert type="error" showIcon message={run.reason} />}
      {run.state === 'success' && (
        <Typography.Paragraph className="script-test-run__outputs">
          输出：<Typography.Text code>{Object.keys(run.outputs).length ? JSON.stringify(run.outputs) : '无'}</Typography.Text>
        </Typography.Paragraph>
      )}
      <LogText text={run.log || (run.state === 'running' ? '等待脚本输出…' : '（没有输出）')} className="script-test-run__log" testId="test-run-log" />
    </>
  );
}

interface Props {
  projectId: string;
  script: ScriptForRun;
  /** The current version, which the run runs. */
  version: number;
  open: boolean;
  onClose: () => void;
}

/** 试运行: the script's inputs (the workflow run dialog's inputs), then the run's streamed log, outputs and exit state. */
export function TestRunDialog({ projectId, script, version, open, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const { call, isLoading } = useApiMutation();
  const [runId, setRunId] = useState<number>();
  const inputs = script.params.filter((param) => param.direction === 'input');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(inputs.filter((input) => input.type === 'boolean').map((input) => [input.field_name, false])));
    // Reset only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const close = () => {
    setRunId(undefined);
    onClose();
  };

  const start = async (values: Values) => {
    const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''));
    const run = await call('postScriptProjectsByProjectUuidScriptsByIdTestRun', { path: { project_uuid: projectId, id: script.id }, body: { inputs: given } }).catch(() => undefined);
    if (run) setRunId(run.id);
  };

  return (
    <Modal
      title={`试运行：${script.name}（第 ${version} 版）`}
      open={open}
      width={760}
      onCancel={close}
      forceRender
      footer={[
        <Button key="close" onClick={close}>
          关闭
        </Button>,
        <Button key="run" type="primary" loading={isLoading} onClick={() => form.submit()}>
          {runId === undefined ? '运行' : '再次运行'}
        </Button>,
      ]}
    >
      <Form form={form} name="script-test-run" layout="vertical" onFinish={(values) => void start(values)}>
        <Typography.Paragraph type="secondary">在与工作流任务相同的沙箱和限制中运行脚本的当前版本（最长 5 分钟；每个项目同时最多 2 个试运行）。</Typography.Paragraph>
        {inputs.length === 0 ? (
          <Typography.Paragraph type="secondary">该脚本没有输入参数</Typography.Paragraph>
        ) : (
          inputs.map((input) => (
            <Form.Item
              key={input.field_name}
              name={input.field_name}
              label={input.field_name}
              extra={input.placeholder || undefined}
              rules={input.required ? [{ required: true, message: `请填写${input.field_name}` }] : []}
            >
              <ParamInput spec={input} />
            </Form.Item>
          ))
        )}
      </Form>
      {runId !== undefined && <TestRunProgress key={runId} projectId={projectId} scriptId={script.id} runId={runId} />}
    </Modal>
  );
}
