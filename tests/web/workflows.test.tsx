import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { button, dialog } from './admin-helpers';
import { server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openApp, openScreen, signIn } from './render';
import { paramSpec } from '../../contract/workflows';
import { demoInputParams, demoInstance, demoInstances, demoLog, demoWorkflow, serveWorkflows } from './workflow-fixtures';

// The first screen of a file arrives slowly on a busy machine (lazy routes are transformed on first use).
const slow = 120_000;
const workflowPage = '#/projectSetting/p-1/workflows/5';
type User = ReturnType<typeof openScreen>['user'];

const rowOf = async (text: string, scope: HTMLElement = document.body) =>
  (await within(scope).findByText(text, { selector: 'td, td span, td a' }, { timeout: 30_000 })).closest('tr') as HTMLElement;

/** The row of a text already shown. */
const shownRow = (text: string) => screen.getByText(text, { selector: 'td, td span, td a' }).closest('tr') as HTMLElement;

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
    expect(await within(line).findByText('运行中')).toBeInTheDocument();
    for (const text of ['0 2 * * *', '有效', 'v3', '有未发布的修改', '演示用户', '2026-11-27 02:00:00']) {
      expect(within(line).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('menuitem', { name: '工作流' })).toBeInTheDocument();
    await user.click(within(line).getByRole('link', { name: demoWorkflow.name }));
    expect(await screen.findByText(demoWorkflow.name, { selector: 'h4' })).toBeInTheDocument();
    // Inside the workflow, its menu item stays the selected one.
    expect(screen.getByRole('menuitem', { name: '工作流' }).closest('li')).toHaveClass('ant-menu-item-selected');
  }, slow);

  it('pauses and enables a workflow from its switch in the list; the last run\'s state and the next run are shown', async () => {
    serveProject(adminDetails);
    const calls = serveWorkflows();
    signIn();
    const { user } = openApp('#/projectSetting/p-1/workflows');
    const line = await rowOf(demoWorkflow.name);
    // The last run's tag has the run list's colour for its state.
    expect((await within(line).findByText('运行中')).closest('.ant-tag')).toHaveClass('ant-tag-processing');
    expect(within(line).getByText('2026-11-27 02:00:00')).toBeInTheDocument();
    const toggle = await within(line).findByRole('switch', { name: `启用或暂停工作流 ${demoWorkflow.name}` });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(`已暂停工作流「${demoWorkflow.name}」：定时调度不再创建运行`)).toBeInTheDocument();
    expect(calls.patched).toEqual([{ is_paused: true }]);
    // The list is asked again: paused, no next run.
    await waitFor(() => expect(within(shownRow(demoWorkflow.name)).getByRole('switch')).not.toBeChecked());
    expect(within(shownRow(demoWorkflow.name)).queryByText('2026-11-27 02:00:00')).not.toBeInTheDocument();
    await user.click(within(shownRow(demoWorkflow.name)).getByRole('switch'));
    await waitFor(() => expect(calls.patched).toEqual([{ is_paused: true }, { is_paused: false }]));
    await waitFor(() => expect(within(shownRow(demoWorkflow.name)).getByRole('switch')).toBeChecked());
  }, slow);

  it('shows the switch disabled to a member who may not edit workflows', async () => {
    serveProject(adminDetails.filter((detail) => detail !== 'airflow.workflow.edit_workflow'), '报告管理员');
    const calls = serveWorkflows();
    signIn();
    openApp('#/projectSetting/p-1/workflows');
    const line = await rowOf(demoWorkflow.name);
    const toggle = await within(line).findByRole('switch');
    expect(toggle).toBeDisabled();
    fireEvent.click(toggle);
    expect(calls.patched).toEqual([]);
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
    expect(within(run).getByText('统计年份；取值 2000 ~ 2030')).toBeInTheDocument();
    await user.click(within(run).getByRole('button', { name: /^运\s*行$/ }));
    expect(await within(run).findByText('请填写运行参数 extract.year')).toBeInTheDocument();
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

  it('checks the run’s inputs as the server does, naming the parameter, and shows the server’s refusal', async () => {
    const { user, calls } = await openWorkflow();
    server.use(
      http.get('*/api/airflow/projects/p-1/workflows/5/get_input_params/', () =>
        HttpResponse.json({
          count: 3,
          next: null,
          previous: null,
          results: [...demoInputParams, { ...paramSpec('since', 'datetime', { required: true }), key: 'extract.since', task_id: 'extract' }],
        }),
      ),
    );
    await user.click(button(document.body, '运行'));
    const run = await dialog(`运行：${demoWorkflow.name}`);
    const year = await within(run).findByLabelText('extract.year');
    expect(within(run).getByLabelText('extract.since')).toBeInTheDocument();
    expect(within(run).getByText('统计年份；取值 2000 ~ 2030')).toBeInTheDocument();
    await user.type(year, '1999');
    await user.click(within(run).getByRole('button', { name: /^运\s*行$/ }));
    expect(await within(run).findByText('运行参数 extract.year 不能小于 2000')).toBeInTheDocument();
    expect(await within(run).findByText('请填写运行参数 extract.since', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(calls.runsCreated).toEqual([]);

    await user.clear(year);
    await user.type(year, '2024');
    await user.click(within(run).getByLabelText('extract.since'));
    await user.type(within(run).getByLabelText('extract.since'), '2026-11-20 08:00:00{enter}');
    await waitFor(() => expect(within(run).queryByText(/运行参数 extract/)).not.toBeInTheDocument());
    // The server's own checks stay the last word: its refusal is shown and the dialog stays open.
    server.use(http.post('*/api/airflow/projects/p-1/workflows/5/dag_runs/', async ({ request }) => {
      calls.runsCreated.push(await request.json());
      return HttpResponse.json({ code: 40000, message: '运行参数 extract.since 应为日期时间，如 2026-11-25 10:00:00' }, { status: 400 });
    }));
    await user.click(within(run).getByRole('button', { name: /^运\s*行$/ }));
    expect(await screen.findByText('运行参数 extract.since 应为日期时间，如 2026-11-25 10:00:00')).toBeInTheDocument();
    expect(calls.runsCreated).toEqual([{ conf: { 'extract.year': 2024, 'extract.since': '2026-11-20 08:00:00' } }]);
    expect(run).toBeInTheDocument();
    expect(within(run).getByLabelText('extract.year')).toHaveValue('2024');
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
    // A script task: the script version its try ran.
    clickNode('extract');
    expect(await within(await screen.findByTestId('task-details')).findByText('第 3 版')).toBeInTheDocument();
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
    // The ask of 查询, found by its duration: the graph's own list of the run's instances (unfiltered)
    // is asked every 2 s while the run is active, so the last ask may be that one.
    const query = await waitFor(() => {
      const asked = calls.instanceQueries.findLast((candidate) => candidate.get('duration_gte') === '5');
      expect(asked).toBeDefined();
      return asked!;
    });
    expect(query.getAll('state')).toEqual(['failed', 'success']);
    expect(query.getAll('pool')).toEqual(['default_pool']);
    // The filters and columns are named in Chinese (资源池, 队列), never by their keys.
    expect(within(instances).queryByText(/^(pool|queue)$/)).toBeNull();
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

  it('网格: runs as columns and tasks as rows, coloured by state; a cell shows that run\'s task with its log, next retry and the run\'s actions', async () => {
    // In run 22, report waits for its retry.
    const waiting = demoInstance(73, 22, 'report', 'up_for_retry', { end_date: '2026-11-25 10:02:31', next_retry_at: '2026-11-25 10:07:31' });
    const { user, calls } = await openWorkflow();
    server.use(
      http.get('*/api/airflow/projects/p-1/workflows/5/dag_runs/22/task_instances/list_task_instances/', () =>
        HttpResponse.json({ count: 3, next: null, previous: null, results: [...demoInstances[22].slice(0, 2), waiting] }),
      ),
      http.get('*/api/airflow/projects/p-1/workflows/5/dag_runs/22/task_instances/73/', () => HttpResponse.json({ ...waiting, log: demoLog })),
    );
    await user.click(screen.getByText('网格'));
    const grid = await screen.findByRole('grid', { name: '运行网格' });
    // Oldest run on the left, as Airflow draws it; one cell per task in each.
    const columns = within(grid).getAllByRole('group');
    expect(columns.map((column) => column.getAttribute('data-run-id'))).toEqual(['manual__2026-11-25T10:01:00+08:00', 'manual__2026-11-25T10:02:00+08:00']);
    await waitFor(() => expect(within(columns[1]).getAllByTestId('grid-cell').map((cell) => cell.getAttribute('data-state'))).toEqual(['success', 'failed', 'up_for_retry']));
    await waitFor(() => expect(within(columns[0]).getAllByTestId('grid-cell').map((cell) => cell.getAttribute('data-state'))).toEqual(['success', 'success', 'success']));
    // The same colours as the graph and its legend.
    expect(within(columns[1]).getByRole('button', { name: /^query 在运行/ })).toHaveClass('dag-state--failed');

    await user.click(within(columns[1]).getByRole('button', { name: 'report 在运行 manual__2026-11-25T10:02:00+08:00：等待重试' }));
    const details = await screen.findByTestId('task-details');
    expect(within(details).getByText('任务：report')).toBeInTheDocument();
    expect(within(details).getByText('下次重试时间')).toBeInTheDocument();
    expect(within(details).getByText('2026-11-25 10:07:31')).toBeInTheDocument();
    await waitFor(() => expect(within(details).getByTestId('task-log').textContent).toBe(demoLog));
    // A running run can be marked, not cleared.
    expect(within(details).queryByRole('button', { name: '清除重跑' })).not.toBeInTheDocument();
    expect(within(details).getByRole('button', { name: '标记失败' })).toBeInTheDocument();

    // The finished run: its cell selects it, and 清除重跑 clears that run.
    await user.click(within(columns[0]).getByRole('button', { name: /^query 在运行 manual__2026-11-25T10:01:00\+08:00/ }));
    expect(await within(details).findByText('任务：query')).toBeInTheDocument();
    await waitFor(() => expect(within(details).getByText('manual__2026-11-25T10:01:00+08:00')).toBeInTheDocument());
    expect(within(columns[0]).getByRole('button', { name: /^query 在运行/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(details).getByRole('button', { name: '清除重跑' }));
    const confirm = (await screen.findByText('确定清除运行 manual__2026-11-25T10:01:00+08:00 的任务实例并重新运行？')).closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已清除，任务将重新运行')).toBeInTheDocument();
    expect(calls.cleared).toEqual([{ id: '21', body: { only_failed: false } }]);
  }, slow);

  it('甘特图: a row per task instance in the task order, a lighter queued part then bars in the state colours, with a legend; hovering says queued, start, end and duration; a running bar grows', async () => {
    const at = (secondsAgo: number) => dayjs().subtract(secondsAgo, 'second').format('YYYY-MM-DD HH:mm:ss');
    const recent = [
      demoInstance(71, 22, 'extract', 'success', { queued_when: at(12), start_date: at(10), end_date: at(6), duration: 4 }),
      demoInstance(72, 22, 'query', 'running', { queued_when: at(6), start_date: at(5), end_date: null, duration: null }),
      demoInstance(73, 22, 'report', 'none', { start_date: null }),
    ];
    const { user } = await openWorkflow();
    server.use(http.get('*/api/airflow/projects/p-1/workflows/5/dag_runs/22/task_instances/list_task_instances/', () => HttpResponse.json({ count: 3, next: null, previous: null, results: recent })));
    await user.click(screen.getByText('甘特图'));
    const gantt = await screen.findByRole('table', { name: '甘特图：运行 manual__2026-11-25T10:02:00+08:00' });
    await waitFor(() => expect(within(gantt).getAllByTestId('gantt-row').map((row) => [row.getAttribute('data-task'), row.getAttribute('data-state')])).toEqual([
      ['extract', 'success'],
      ['query', 'running'],
      ['report', 'none'],
    ]), { timeout: 10_000 });
    const bars = within(gantt).getAllByTestId('gantt-bar');
    // A task not started has no bar.
    expect(bars).toHaveLength(2);
    expect(within(gantt).getByText('未开始', { selector: '.dag-gantt__pending' })).toBeInTheDocument();
    expect(bars[0]).toHaveClass('dag-state--success');
    expect(bars[1]).toHaveClass('dag-state--running');
    // The axis starts when the first task was queued: extract waited 2 of the 12 (or, on a slow machine, a few more) seconds
    // so far, then ran 4; query was queued at extract's end and started after it.
    expect(screen.getByText('排队（已排入队列，等待执行）')).toBeInTheDocument();
    const queued = within(gantt).getAllByTestId('gantt-queued');
    expect(queued).toHaveLength(2);
    expect(parseFloat(queued[0].style.left)).toBe(0);
    expect(parseFloat(queued[0].style.width)).toBeGreaterThan(5);
    expect(parseFloat(bars[0].style.left)).toBeCloseTo(parseFloat(queued[0].style.width), 1);
    // Each style value is rounded to 0.01 %: the sum of two may be off by up to 0.01 more than one.
    expect(parseFloat(queued[1].style.left)).toBeGreaterThanOrEqual(parseFloat(bars[0].style.left) + parseFloat(bars[0].style.width) - 0.02);
    expect(parseFloat(bars[0].style.width)).toBeGreaterThan(10);
    expect(parseFloat(bars[0].style.width)).toBeLessThan(45);
    expect(parseFloat(bars[1].style.left)).toBeGreaterThan(parseFloat(bars[0].style.width));

    await user.hover(bars[0]);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^extract（成功）：排队 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d（等待 \d 秒），开始 /);
    expect(screen.getByRole('tooltip')).toHaveTextContent(/结束 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d，时长 4 秒/);
    const seconds = (bar: HTMLElement) => Number(/时长 ([\d.]+) 秒$/.exec(bar.getAttribute('aria-label') ?? '')?.[1]);
    expect(bars[1]).toHaveAccessibleName(/^query（运行中）：排队 .*，开始 .*，结束 运行中，时长 [\d.]+ 秒$/);
    const before = seconds(bars[1]);
    expect(before).toBeGreaterThanOrEqual(5);

    // A running instance's bar reaches now, so it grows, and its duration with it, while the page is open.
    const width = parseFloat(bars[1].style.width);
    await waitFor(() => expect(parseFloat(within(gantt).getAllByTestId('gantt-bar')[1].style.width)).toBeGreaterThan(width + 2), { timeout: 8_000 });
    expect(seconds(within(gantt).getAllByTestId('gantt-bar')[1])).toBeGreaterThan(before);

    // A bar selects its task: its details below.
    await user.click(within(gantt).getAllByTestId('gantt-bar')[0]);
    expect(within(await screen.findByTestId('task-details')).getByText('任务：extract')).toBeInTheDocument();
  }, slow);

  it('shows a task instance’s outputs as a table of name, type and value, structured values as JSON on demand', async () => {
    const rows = [{ district: '东城区', rate: 0.92 }];
    const done = demoInstance(71, 22, 'extract', 'success', { outputs: { total: '1200', rows: JSON.stringify(rows), by_district: { 东城区: 3, 西城区: [1, 2] }, ratio: 0.5 } });
    const { user } = await openWorkflow();
    server.use(
      http.get('*/api/airflow/projects/p-1/workflows/5/dag_runs/22/task_instances/list_task_instances/', () =>
        HttpResponse.json({ count: 3, next: null, previous: null, results: [done, ...demoInstances[22].slice(1)] }),
      ),
    );
    await waitFor(() => expect(document.querySelector('[data-testid=dag-node][data-task=extract]')).toHaveAttribute('data-state', 'success'), { timeout: 20_000 });
    clickNode('extract');
    const outputs = await within(await screen.findByTestId('task-details')).findByTestId('task-outputs');
    // The run is running: its instances are asked again within 2 s.
    const table = await within(outputs).findByRole('table', undefined, { timeout: 10_000 });
    const lines = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    // The declared output first with its declared type, then the others with their kinds.
    expect(lines).toEqual([
      ['total', '字符串', '1200'],
      ['rows', '字符串', `${JSON.stringify(rows)}查看 JSON`],
      ['by_district', '对象', `${JSON.stringify({ 东城区: 3, 西城区: [1, 2] })}查看 JSON`],
      ['ratio', '浮点数', '0.5'],
    ]);
    expect(within(outputs).queryByTestId('output-json')).not.toBeInTheDocument();
    await user.click(within(outputs).getByRole('button', { name: '查看 rows 的 JSON' }));
    expect(within(outputs).getByTestId('output-json').textContent).toBe(JSON.stringify(rows, null, 2));
    await user.click(within(outputs).getByRole('button', { name: '收起 rows 的 JSON' }));
    expect(within(outputs).queryByTestId('output-json')).not.toBeInTheDocument();

    // A task that has not succeeded has none yet.
    clickNode('query');
    expect(await within(screen.getByTestId('task-details')).findByText('任务成功后才有输出')).toBeInTheDocument();
  }, slow);

  describe('links drawn in the graph', () => {
    const handle = (task: string, kind: 'input' | 'output') =>
      document.querySelector(`[data-testid=dag-node][data-task=${task}] [data-testid=dag-${kind}-handle]`) as HTMLElement;
    /**
     * React Flow's connection from one handle to another, as its click-to-connect does it (a real drag
     * needs layout jsdom lacks: the browser test drags). jsdom has no elementFromPoint: React Flow then
     * finds the handle by its id.
     */
    const connect = (from: string, to: string) => {
      fireEvent.click(handle(from, 'output'));
      fireEvent.click(handle(to, 'input'));
    };
    beforeEach(() => {
      document.elementFromPoint = () => null;
    });

    it('creates an order-only link from a task’s output handle to another task’s input handle', async () => {
      const { calls } = await openWorkflow();
      await waitFor(() => expect(handle('query', 'output')).toHaveClass('connectable'), { timeout: 20_000 });
      connect('query', 'extract');
      expect(await screen.findByText('已新增连线 query → extract（仅依赖，可在“连线”中选择输出与输入参数）')).toBeInTheDocument();
      expect(calls.linksCreated).toEqual([{ source_task: 52, target_task: 51 }]);
    }, slow);

    it('refuses a link that would close a cycle, or that exists, saying so, and sends nothing', async () => {
      const { calls } = await openWorkflow();
      await waitFor(() => expect(handle('report', 'output')).toHaveClass('connectable'), { timeout: 20_000 });
      // extract → report exists: report → extract would close the circle.
      connect('report', 'extract');
      expect(await screen.findByText('连线 report → extract 会形成循环依赖：extract → report → extract')).toBeInTheDocument();
      connect('query', 'report');
      expect(await screen.findByText('任务 query 到 report 的连线已存在')).toBeInTheDocument();
      expect(calls.linksCreated).toEqual([]);
    }, slow);

    it('shows the server’s refusal when it refuses the link', async () => {
      const { calls } = await openWorkflow();
      server.use(http.post('*/api/airflow/projects/p-1/workflows/5/links/', () => HttpResponse.json({ code: 40000, message: '连线 query → extract 会形成循环依赖：extract → query → extract' }, { status: 400 })));
      await waitFor(() => expect(handle('query', 'output')).toHaveClass('connectable'), { timeout: 20_000 });
      connect('query', 'extract');
      expect(await screen.findByText('连线 query → extract 会形成循环依赖：extract → query → extract')).toBeInTheDocument();
      expect(calls.linksCreated).toEqual([]);
    }, slow);

    it('lets no link be drawn by a member who may not edit the workflow', async () => {
      serveProject(adminDetails.filter((detail) => detail !== 'airflow.workflow.edit_workflow'), '报告管理员');
      const calls = serveWorkflows();
      signIn();
      openScreen(workflowPage);
      // Once the run's states are drawn, the member's permissions have long been known.
      await waitFor(() => expect(document.querySelector('[data-testid=dag-node][data-task=query]')).toHaveAttribute('data-state', 'failed'), { timeout: 30_000 });
      expect(handle('query', 'output')).not.toHaveClass('connectable');
      expect(handle('extract', 'input')).not.toHaveClass('connectable');
      connect('query', 'extract');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(calls.linksCreated).toEqual([]);
      expect(screen.queryByText(/已新增连线/)).not.toBeInTheDocument();
    }, slow);
  });
});
