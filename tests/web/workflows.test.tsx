import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { button, dialog } from './admin-helpers';
import { server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openApp, openScreen, signIn } from './render';
import { demoLog, demoWorkflow, serveWorkflows } from './workflow-fixtures';

// The first screen of a file arrives slowly on a busy machine (lazy routes are transformed on first use).
const slow = 120_000;
const workflowPage = '#/projectSetting/p-1/workflows/5';
type User = ReturnType<typeof openScreen>['user'];

const rowOf = async (text: string, scope: HTMLElement = document.body) =>
  (await within(scope).findByText(text, { selector: 'td, td span, td a' }, { timeout: 30_000 })).closest('tr') as HTMLElement;

/** Picks an option of an antd select by its label. */
async function choose(user: User, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]);
}

async function openWorkflow() {
  serveProject(adminDetails);
  const calls = serveWorkflows();
  signIn();
  const app = openScreen(workflowPage);
  await screen.findByText(demoWorkflow.name, { selector: 'h4' }, { timeout: 30_000 });
  return { ...app, calls };
}

/** A click without the mousedown d3-zoom would take on the pane: jsdom's mouse events have no view. */
const clickNode = (task: string) => fireEvent.click(document.querySelector(`[data-testid=dag-node][data-task=${task}]`) as HTMLElement);

async function openRuns(user: User) {
  await user.click(screen.getByRole('tab', { name: '运行记录' }));
  return (await screen.findByText('任务实例：manual__2026-11-25T10:02:00+08:00')).closest('.ant-card') as HTMLElement;
}

describe('工作流', () => {
  it('lists workflows with their schedule, validity, version and unpublished changes; the name opens the workflow', async () => {
    serveProject(adminDetails);
    serveWorkflows();
    signIn();
    const { user } = openApp('#/projectSetting/p-1/workflows');
    const line = await rowOf(demoWorkflow.name);
    for (const text of ['0 2 * * *', '有效', 'v3', '有未发布的修改', '演示用户', '2026-11-26 02:00:00']) {
      expect(within(line).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('menuitem', { name: '工作流' })).toBeInTheDocument();
    await user.click(within(line).getByRole('link', { name: demoWorkflow.name }));
    expect(await screen.findByText(demoWorkflow.name, { selector: 'h4' })).toBeInTheDocument();
    // Inside the workflow, its menu item stays the selected one.
    expect(screen.getByRole('menuitem', { name: '工作流' }).closest('li')).toHaveClass('ant-menu-item-selected');
  }, slow);

  it('creates a workflow, sending every field of the form', async () => {
    serveProject(adminDetails);
    const calls = serveWorkflows();
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/workflows');
    await rowOf(demoWorkflow.name);
    await user.click(button(document.body, '新增'));
    const create = await dialog('新增工作流');
    await user.type(within(create).getByLabelText('名称'), '每日指标');
    await user.type(within(create).getByLabelText('调度（cron）'), '@daily');
    expect(within(create).getByText(/@hourly、@daily、@weekly/)).toBeInTheDocument();
    await user.type(within(create).getByLabelText('负责人'), '张三');
    await user.click(within(create).getByLabelText('补跑（catchup）'));
    await user.clear(within(create).getByLabelText('重试次数'));
    await user.type(within(create).getByLabelText('重试次数'), '2');
    await user.click(within(create).getByLabelText('失败时发邮件'));
    await user.type(within(create).getByLabelText('邮箱'), 'ops@example.com');
    await user.click(within(create).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('新增工作流成功')).toBeInTheDocument();
    expect(calls.created).toEqual([
      {
        name: '每日指标',
        schedule: '@daily',
        catchup: true,
        is_paused: false,
        max_active_tasks: 16,
        max_active_runs: 16,
        owner: '张三',
        retries: 2,
        retry_delay: 300,
        depends_on_past: false,
        email: 'ops@example.com',
        email_on_retry: false,
        email_on_failure: true,
      },
    ]);
  }, slow);

  it('builds the task form’s value fields from the chosen script’s input parameters, or the operator’s', async () => {
    const { user, calls } = await openWorkflow();
    await rowOf('extract');
    await user.click(button(document.body, '新增'));
    const create = await dialog('新增任务');
    await choose(user, create, '运算符', '数据查询');
    for (const field of ['connection_id', 'schema_name', 'table_name', 'columns', 'limit']) {
      expect(await within(create).findByLabelText(field)).toBeInTheDocument();
    }
    expect(within(create).queryByLabelText('脚本')).not.toBeInTheDocument();

    await choose(user, create, '运算符', '运行脚本');
    await user.type(within(create).getByLabelText('任务名称'), 'stat');
    await choose(user, create, '脚本', '人口统计');
    // One typed field per input: a choice for options, a number with bounds, a switch, a date and time; none for the output.
    const city = await within(create).findByLabelText('city');
    expect(within(create).getByLabelText('year')).toHaveAttribute('aria-valuemin', '2000');
    expect(within(create).getByLabelText('year')).toHaveAttribute('aria-valuemax', '2030');
    expect(within(create).getByLabelText('strict')).toHaveAttribute('role', 'switch');
    expect(within(create).getByLabelText('since')).toBeInTheDocument();
    expect(within(create).queryByLabelText('total')).not.toBeInTheDocument();
    await user.click(city);
    await user.click((await screen.findAllByTitle('北京')).at(-1)!);
    await user.type(within(create).getByLabelText('year'), '2024');
    await choose(user, create, '运行时输入', 'since（日期时间）');
    await waitFor(() => expect(within(create).queryByLabelText('since')).not.toBeInTheDocument());
    expect(within(create).getByText('运行时输入', { selector: '.ant-tag' })).toBeInTheDocument();

    await user.click(within(create).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('新增任务成功')).toBeInTheDocument();
    expect(calls.tasksCreated).toEqual([
      {
        name: 'stat',
        operator: 'ScriptOperator',
        script_id: 3,
        params: { city: '北京', year: 2024 },
        run_inputs: ['since'],
        timeout: 3600,
        pool: 'default_pool',
        queue: 'default',
      },
    ]);
  }, slow);

  it('links two tasks, offering the upstream task’s outputs and the downstream task’s inputs; no params is order only', async () => {
    const { user, calls } = await openWorkflow();
    await user.click(screen.getByRole('tab', { name: '连线' }));
    const orderOnly = await rowOf('仅依赖');
    await waitFor(() => expect(within(orderOnly).getByText('query')).toBeInTheDocument());
    await user.click(button(document.querySelector<HTMLElement>('.ant-tabs-tabpane-active')!, '新增'));
    const create = await dialog('新增连线');
    await choose(user, create, '上游任务', 'extract');
    await choose(user, create, '输出参数', 'total（字符串）');
    await choose(user, create, '下游任务', 'report');
    await user.click(within(create).getByLabelText('输入参数'));
    for (const input of ['dimension（字符串）', 'regions（字符串）', 'report_type（字符串）']) expect((await screen.findAllByTitle(input)).length).toBeGreaterThan(0);
    await user.click((await screen.findAllByTitle('regions（字符串）')).at(-1)!);
    await user.click(within(create).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('新增连线成功')).toBeInTheDocument();
    expect(calls.linksCreated).toEqual([{ source_task: 51, source_param: 'total', target_task: 53, target_param: 'regions' }]);
  }, slow);

  it('asks the run’s inputs, publishes the unpublished changes first, then posts conf keyed task.field', async () => {
    const { user, calls } = await openWorkflow();
    await user.click(button(document.body, '运行'));
    const run = await dialog(`运行：${demoWorkflow.name}`);
    expect(within(run).getByText('当前定义有未发布的修改，运行前将先发布为新版本')).toBeInTheDocument();
    const year = await within(run).findByLabelText('extract.year');
    expect(within(run).getByText('统计年份')).toBeInTheDocument();
    await user.click(within(run).getByRole('button', { name: /^运\s*行$/ }));
    expect(await within(run).findByText('请填写extract.year')).toBeInTheDocument();
    expect(calls.order).toEqual([]);

    await user.type(year, '2025');
    await choose(user, run, 'report.dimension', '生态宜居');
    await user.click(within(run).getByRole('button', { name: /^运\s*行$/ }));
    expect(await screen.findByText('已触发运行')).toBeInTheDocument();
    expect(calls.order).toEqual(['publish', 'run']);
    expect(calls.published[0]).toMatchObject({ name: demoWorkflow.name, schedule: '0 2 * * *', max_active_runs: 1 });
    expect(calls.runsCreated).toEqual([{ conf: { 'extract.year': 2025, 'report.dimension': '生态宜居' } }]);
    // The new run is the one shown.
    expect(await screen.findByText('任务实例：manual__2026-11-25T10:03:00+08:00')).toBeInTheDocument();
  }, slow);

  it('shows the published version in the header at once after 发布, without a reload', async () => {
    serveProject(adminDetails);
    serveWorkflows({ version: null, has_unpublished_changes: true });
    signIn();
    const { user } = openScreen(workflowPage);
    const header = (await screen.findByText(demoWorkflow.name, { selector: 'h4' }, { timeout: 30_000 })).closest('.ant-card') as HTMLElement;
    expect(within(header).getByText('未发布')).toBeInTheDocument();
    await user.click(button(header, '发布'));
    expect(await screen.findByText('发布成功，当前版本 v1')).toBeInTheDocument();
    expect(await within(header).findByText('版本 v1')).toBeInTheDocument();
    expect(within(header).queryByText('未发布')).not.toBeInTheDocument();
    expect(within(header).queryByText('有未发布的修改')).not.toBeInTheDocument();
  }, slow);

  it('colours each task of the graph by its instance’s state in the selected run', async () => {
    const { user } = await openWorkflow();
    await waitFor(() => expect(document.querySelectorAll('[data-testid=dag-node][data-state=success]')).toHaveLength(1), { timeout: 20_000 });
    const node = (task: string) => document.querySelector(`[data-testid=dag-node][data-task=${task}]`);
    expect(node('extract')).toHaveAttribute('data-state', 'success');
    expect(node('query')).toHaveAttribute('data-state', 'failed');
    expect(node('report')).toHaveAttribute('data-state', 'upstream_failed');
    expect(node('report')).toHaveClass('dag-state--upstream_failed');
    expect(within(node('report') as HTMLElement).getByText('上游失败')).toBeInTheDocument();
    expect(within(node('query') as HTMLElement).getByText('数据查询')).toBeInTheDocument();
    expect(screen.getByLabelText('状态图例')).toHaveTextContent('等待重试');

    // Another run: its states.
    await openRuns(user);
    await user.click(await rowOf('manual__2026-11-25T10:01:00+08:00'));
    await waitFor(() => expect(document.querySelectorAll('[data-testid=dag-node][data-state=success]')).toHaveLength(3));
  }, slow);

  it('shows a clicked task’s instance in the selected run, with its state and log, as Airflow’s graph view does', async () => {
    await openWorkflow();
    await waitFor(() => expect(document.querySelector('[data-testid=dag-node][data-task=query]')).toHaveAttribute('data-state', 'failed'), { timeout: 20_000 });
    expect(screen.queryByTestId('task-details')).not.toBeInTheDocument();
    clickNode('query');
    const details = await screen.findByTestId('task-details');
    expect(within(details).getByText('任务：query')).toBeInTheDocument();
    expect(within(details).getByText('失败', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(details).getByText('2/2')).toBeInTheDocument();
    await waitFor(() => expect(within(details).getByTestId('task-log').textContent).toBe(demoLog));
    expect(document.querySelector('[data-testid=dag-node][data-task=query]')).toHaveAttribute('aria-pressed', 'true');
    // Another task: its own instance; the same one again closes the details.
    clickNode('report');
    expect(await within(details).findByText('任务：report')).toBeInTheDocument();
    expect(within(details).getByText('上游失败', { selector: '.ant-tag' })).toBeInTheDocument();
    clickNode('report');
    await waitFor(() => expect(screen.queryByTestId('task-details')).not.toBeInTheDocument());
  }, slow);

  it('shows a clicked task’s definition when no run is selected', async () => {
    serveProject(adminDetails);
    serveWorkflows();
    server.use(http.get('*/api/airflow/projects/p-1/workflows/5/dag_runs/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })));
    signIn();
    openScreen(workflowPage);
    await screen.findByText('未选择运行', undefined, { timeout: 30_000 });
    await screen.findAllByTestId('dag-node');
    clickNode('extract');
    const details = await screen.findByTestId('task-details');
    expect(within(details).getByText('任务：extract')).toBeInTheDocument();
    for (const text of ['运行脚本', '人口统计', '3600 秒', 'city、year', 'total', 'city = 北京']) expect(within(details).getByText(text)).toBeInTheDocument();
  }, slow);

  it('follows a running run until it finishes: its state and the graph’s colours come without a reload', async () => {
    const { calls } = await openWorkflow();
    await waitFor(() => expect(document.querySelector('[data-testid=dag-node][data-task=query]')).toHaveAttribute('data-state', 'failed'), { timeout: 20_000 });
    expect(screen.getByText('运行中', { selector: '.ant-tag' })).toBeInTheDocument();
    calls.finishRun();
    await waitFor(() => expect(document.querySelectorAll('[data-testid=dag-node][data-state=success]')).toHaveLength(3), { timeout: 10_000 });
    expect(await screen.findByText('成功', { selector: '.ant-card-head .ant-tag' })).toBeInTheDocument();
  }, slow);

  it('puts the task-instance filters in the query string, several states repeating their key', async () => {
    const { user, calls } = await openWorkflow();
    const instances = await openRuns(user);
    await rowOf('report', instances);
    await choose(user, instances, '状态', '失败');
    await user.click((await screen.findAllByTitle('成功')).at(-1)!);
    await user.type(within(instances).getByLabelText('资源池'), 'default_pool{enter}');
    await user.type(within(instances).getByLabelText('最短时长'), '5');
    await user.click(within(instances).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.instanceQueries.at(-1)?.getAll('state')).toEqual(['failed', 'success']));
    const query = calls.instanceQueries.at(-1)!;
    expect(query.getAll('pool')).toEqual(['default_pool']);
    // The filters and columns are named in Chinese (资源池, 队列), never by their keys.
    expect(within(instances).queryByText(/^(pool|queue)$/)).toBeNull();
    expect(query.get('duration_gte')).toBe('5');
    expect(query.has('state[]')).toBe(false);
    expect(query.get('limit')).toBe('20');
    await waitFor(() => expect(within(instances).queryByText('report', { selector: 'td' })).not.toBeInTheDocument());
  }, slow);

  it('shows a task instance’s log in a drawer', async () => {
    const { user } = await openWorkflow();
    const instances = await openRuns(user);
    await user.click(within(await rowOf('extract', instances)).getByText('日志'));
    const drawer = (await screen.findByText('日志：extract（第 1 次尝试）')).closest('.ant-drawer') as HTMLElement;
    await waitFor(() => expect(within(drawer).getByTestId('task-log')).toHaveTextContent('任务完成'));
    expect(within(drawer).getByTestId('task-log').textContent).toBe(demoLog);
  }, slow);

  it('marks a run failed after a confirmation, with PUT {state: failed}', async () => {
    const { user, calls } = await openWorkflow();
    await openRuns(user);
    const line = await rowOf('manual__2026-11-25T10:02:00+08:00');
    await user.click(within(line).getByText('标记失败'));
    const confirm = (await screen.findByText(/确定将运行 manual__2026-11-25T10:02:00\+08:00 标记为失败/)).closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已标记为失败')).toBeInTheDocument();
    expect(calls.runChanges).toEqual([{ id: '22', body: { state: 'failed' } }]);
  }, slow);
});
