import { ArrowLeftOutlined, CaretRightOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { DagValidity, Workflow } from '../../../contract/workflows';
import { feedback } from '../../lib/feedback';
import { PauseSwitch } from './list-cells';
import { shownDate } from './states';
import { usePublish } from './use-publish';

interface Props {
  projectId: string;
  workflow: Workflow;
  validity?: DagValidity;
  /** Asks is_valid_dag again and answers it. */
  checkValidity: () => Promise<DagValidity | undefined>;
  canPublish: boolean;
  canRun: boolean;
  onRun: () => void;
}

/** The workflow's name, schedule and version, with 发布 and 运行; the validity errors when its definition is not a valid DAG. */
export function WorkflowHeader({ projectId, workflow, validity, checkValidity, canPublish, canRun, onRun }: Props) {
  const navigate = useNavigate();
  const { publish, publishing } = usePublish(projectId);
  const publishNow = async () => {
    const checked = await checkValidity();
    if (!checked?.is_valid_dag) {
      feedback.error('工作流定义无效，请按提示修改后再发布');
      return;
    }
    const published = await publish(workflow).catch(() => undefined);
    if (published) feedback.success(`发布成功，当前版本 v${String(published.version ?? '')}`);
  };
  const invalid = validity ? !validity.is_valid_dag : !workflow.is_valid_dag;

  return (
    <Card
      variant="borderless"
      title={
        <Flex gap={8} align="center" wrap>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回工作流列表" onClick={() => navigate(`/projectSetting/${projectId}/workflows`)} />
          <Typography.Title level={4} className="workflow-page__title" style={{ margin: 0 }}>
            {workflow.name}
          </Typography.Title>
          <Tag>{workflow.version === null ? '未发布' : `版本 v${workflow.version}`}</Tag>
          {workflow.has_unpublished_changes && <Tag color="orange">有未发布的修改</Tag>}
          <PauseSwitch workflow={workflow} size="default" />
        </Flex>
      }
      extra={
        <Space>
          {canPublish && (
            <Button icon={<CloudUploadOutlined />} loading={publishing} onClick={() => void publishNow()}>
              发布
            </Button>
          )}
          {canRun && (
            <Button type="primary" icon={<CaretRightOutlined />} onClick={onRun}>
              运行
            </Button>
          )}
        </Space>
      }
    >
      <Flex vertical gap={12}>
        {invalid && (
          <Alert
            type="error"
            showIcon
            message="工作流定义无效，修改后才能发布"
            description={
              validity?.errors.length ? (
                <ul className="workflow-page__errors">
                  {validity.errors.map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            { key: 'schedule', label: '调度', children: workflow.schedule || '仅手动' },
            { key: 'next', label: '下次运行', children: workflow.is_paused ? '已暂停' : shownDate(workflow.next_run_at) },
            { key: 'owner', label: '负责人', children: workflow.owner || '—' },
            { key: 'retries', label: '重试', children: `${workflow.retries} 次，间隔 ${workflow.retry_delay} 秒` },
            ...(workflow.description ? [{ key: 'description', label: '描述', children: workflow.description, span: 'filled' as const }] : []),
          ]}
        />
      </Flex>
    </Card>
  );
}
