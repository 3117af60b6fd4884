import { useOne } from '@refinedev/core';
import { Button, Card, Flex, Result, Segmented, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DAG_RUN_STATE_LABELS, type Workflow } from '../../../contract/workflows';
import { PageLoading } from '../../components/page-loading';
import { useProjectContext } from '../../components/project-context';
import { ResourceList } from '../../components/resource-pages/resource-list';
import { findResource } from '../../resources';
import { DagGraph, preloadDagCanvas, StateLegend } from './dag-graph';
import { DagGantt } from './dag-gantt';
import { DagGrid } from './dag-grid';
import { DagRuns } from './dag-runs';
import { RunActionsBar } from './run-actions-bar';
import { RunDialog } from './run-dialog';
import { RUN_STATE_COLORS } from './states';
import { TaskDetails } from './task-details';
import { TaskInstances } from './task-instances';
import { useConnectTasks } from './use-connect-tasks';
import { useValidity } from './use-publish';
import { useSelectedRun } from './use-selected-run';
import { useWorkflowLinks, useWorkflowRoute, useWorkflowTasks } from './use-workflow-data';
import { WorkflowHeader } from './workflow-header';
import './workflows.css';

/** Asks the workflow and its validity again when its tasks or links were changed (not on their first load). */
function useDefinitionChanges(changedAt: [number, number], refresh: () => void) {
  const seen = useRef<string>(undefined);
  const key = changedAt.join('/');
  const ready = changedAt.every(Boolean);
  useEffect(() => {
    if (!ready || seen.current === key) return;
    const first = seen.current === undefined;
    seen.current = key;
    if (!first) refresh();
  }, [ready, key, refresh]);
}

type View = 'graph' | 'grid' | 'gantt';

/** A workflow: its header (发布, 运行), its DAG coloured by the selected run, its tasks, links and runs. */
export function WorkflowPage() {
  const { can } = useProjectContext();
  useEffect(preloadDagCanvas, []);
  const { projectId, workflowId } = useWorkflowRoute();
  const navigate = useNavigate();
  const workflowAnswer = useOne<Workflow>({ resource: 'workflows', id: workflowId, meta: { projectId }, queryOptions: { keepPreviousData: false } });
  const tasks = useWorkflowTasks(projectId, workflowId);
  const links = useWorkflowLinks(projectId, workflowId);
  const validity = useValidity(projectId, workflowId);
  const { refetch: refetchWorkflow } = workflowAnswer;
  const { refetch: refetchValidity } = validity;
  const refresh = useCallback(() => {
    void refetchWorkflow();
    void refetchValidity();
  }, [refetchWorkflow, refetchValidity]);
  useDefinitionChanges([tasks.dataUpdatedAt, links.dataUpdatedAt], refresh);

  const mayViewRuns = can('workflowRuns', 'list');
  const [chosenRun, setChosenRun] = useState<number>();
  const { run, states, instanceOf, loading: runLoading } = useSelectedRun(projectId, workflowId, chosenRun, mayViewRuns);
  const [clicked, setClicked] = useState<string>();
  const [tab, setTab] = useState('tasks');
  const [view, setView] = useState<View>('graph');
  const [running, setRunning] = useState(false);
  const connect = useConnectTasks(projectId, workflowId, tasks.data?.data ?? [], links.data?.data ?? []);

  const workflow = workflowAnswer.data?.data;
  if (workflowAnswer.isLoading) return <PageLoading />;
  if (!workflow)
    return (
      <Result
        status="404"
        title="工作流不存在或已被删除"
        extra={
          <Button type="primary" onClick={() => navigate(`/projectSetting/${projectId}/workflows`)}>
            返回工作流列表
          </Button>
        }
      />
    );

  const scope = { workflowId };
  // A task renamed or deleted since the click is no longer shown.
  const clickedTask = tasks.data?.data.find((task) => task.name === clicked);
  return (
    <div className="workflow-page">
      <WorkflowHeader
        projectId={projectId}
        workflow={workflow}
        validity={validity.data?.data}
        checkValidity={async () => (await refetchValidity()).data?.data}
        canPublish={can('workflows', 'edit')}
        canRun={can('workflowRuns', 'create')}
        onRun={() => setRunning(true)}
      />
      <Card
        variant="borderless"
        extra={
          mayViewRuns && (
            <Segmented<View>
              aria-label="视图"
              value={view}
              onChange={setView}
              options={[
                { label: '图形', value: 'graph' },
                { label: '网格', value: 'grid' },
                { label: '甘特图', value: 'gantt' },
              ]}
            />
          )
        }
        title={
          <Flex gap={8} align="center" wrap>
            <span>DAG</span>
            {run ? (
              <span className="workflow-page__run" data-run-id={run.dag_run_id} data-run-state={run.state}>
                <Typography.Text type="secondary">运行 {run.dag_run_id}</Typography.Text> <Tag color={RUN_STATE_COLORS[run.state]}>{DAG_RUN_STATE_LABELS[run.state]}</Tag>
              </span>
            ) : (
              <Typography.Text type="secondary">{runLoading ? '正在加载运行' : '未选择运行'}</Typography.Text>
            )}
          </Flex>
        }
      >
        <StateLegend />
        {view === 'grid' && mayViewRuns ? (
          <DagGrid
            projectId={projectId}
            workflowId={workflowId}
            tasks={tasks.data?.data ?? []}
            selected={{ runId: run?.id ?? chosenRun, task: clickedTask?.name }}
            onSelect={({ runId, task }) => {
              setChosenRun(runId);
              setClicked(task);
            }}
          />
        ) : view === 'gantt' && mayViewRuns ? (
          <DagGantt
            run={run}
            instances={instanceOf}
            tasks={tasks.data?.data ?? []}
            selected={clickedTask?.name}
            onSelect={(name) => setClicked((current) => (current === name ? undefined : name))}
          />
        ) : (
          <DagGraph
            tasks={tasks.data?.data ?? []}
            links={links.data?.data ?? []}
            loading={tasks.isLoading || links.isLoading}
            states={states}
            selected={clickedTask?.name}
            onSelect={(name) => setClicked((current) => (current === name ? undefined : name))}
            onConnect={can('workflowLinks', 'create') ? connect : undefined}
          />
        )}
        {clickedTask && (
          <TaskDetails
            projectId={projectId}
            workflowId={workflowId}
            task={clickedTask}
            run={run}
            instance={instanceOf.get(clickedTask.name)}
            extra={view === 'grid' && run ? <RunActionsBar projectId={projectId} workflowId={workflowId} run={run} canEdit={can('workflowRuns', 'edit')} /> : undefined}
          />
        )}
        {view === 'grid' && !clickedTask && run && (
          <Card size="small" className="task-details" title={`运行：${run.dag_run_id}`} extra={<RunActionsBar projectId={projectId} workflowId={workflowId} run={run} canEdit={can('workflowRuns', 'edit')} />}>
            <Typography.Text type="secondary">点击网格中的格子查看该任务在此运行中的状态和日志</Typography.Text>
          </Card>
        )}
      </Card>
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'tasks', label: '任务', children: <ResourceList resource={findResource('workflowTasks')!} scope={scope} /> },
            { key: 'links', label: '连线', children: <ResourceList resource={findResource('workflowLinks')!} scope={scope} /> },
            ...(mayViewRuns
              ? [
                  {
                    key: 'runs',
                    label: '运行记录',
                    children: (
                      <Flex vertical gap={16}>
                        <DagRuns
                          projectId={projectId}
                          workflowId={workflowId}
                          selectedId={run?.id ?? chosenRun}
                          onSelect={setChosenRun}
                          can={(action) => can('workflowRuns', action)}
                        />
                        {run && (
                          <Card size="small" className="workflow-instances" title={`任务实例：${run.dag_run_id}`}>
                            <TaskInstances key={run.id} projectId={projectId} workflowId={workflowId} run={run} />
                          </Card>
                        )}
                      </Flex>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <RunDialog
        projectId={projectId}
        workflow={workflow}
        open={running}
        canPublish={can('workflows', 'edit')}
        onClose={() => setRunning(false)}
        onStarted={(started) => {
          setRunning(false);
          setChosenRun(started.id);
          setTab('runs');
        }}
      />
    </div>
  );
}
