import { describe, expect, it } from 'vitest';
import { BUILTIN_OPERATOR_PARAMS, paramSpec, type ParamSpec, type ParamType } from '../../contract/workflows';
import { inputParamsOf, pageOfInputParams } from '../../server/modules/workflows/definitions/input-params';
import { compatible, dagValidity, valueProblem, type DagLink, type DagTask } from '../../server/modules/workflows/definitions/validity';

const spec = (field_name: string, type: ParamType, required = false, extra: Partial<ParamSpec> = {}) => paramSpec(field_name, type, { required, ...extra });

let nextId = 1;
const task = (name: string, io: Partial<DagTask> = {}): DagTask => ({
  id: nextId++,
  name,
  operator: 'ScriptOperator',
  scriptId: 1,
  inputs: [],
  outputs: [],
  params: {},
  runInputs: [],
  ...io,
});
const link = (source: DagTask, target: DagTask, sourceParam = '', targetParam = ''): DagLink => ({ sourceTaskId: source.id, targetTaskId: target.id, sourceParam, targetParam });

/** load → clean → report: load's rows feed clean's count, clean's threshold is fixed, report's run date is asked at run time. */
function threeTasks() {
  const load = task('load', { outputs: [spec('rows', 'integer', true)] });
  const clean = task('clean', { inputs: [spec('count', 'float', true), spec('threshold', 'float', true, { number_min: 0, number_max: 1 })], outputs: [spec('summary', 'string')] });
  const report = task('report', { inputs: [spec('text', 'string', true), spec('day', 'datetime', true)], params: {}, runInputs: ['day'] });
  clean.params = { threshold: 0.5 };
  return { load, clean, report, links: [link(load, clean, 'rows', 'count'), link(clean, report, 'summary', 'text'), link(load, report)] };
}

describe('dagValidity', () => {
  it('accepts a valid three-task DAG', () => {
    const { load, clean, report, links } = threeTasks();
    expect(dagValidity([load, clean, report], links)).toEqual({ is_valid_dag: true, errors: [] });
  });

  it('refuses a workflow without tasks', () => {
    expect(dagValidity([], [])).toEqual({ is_valid_dag: false, errors: ['工作流没有任务'] });
  });

  it('names the tasks on a cycle', () => {
    const { load, clean, report, links } = threeTasks();
    const result = dagValidity([load, clean, report], [...links, link(report, load)]);
    expect(result.is_valid_dag).toBe(false);
    expect(result.errors).toEqual(['任务 load、clean 与 report 之间存在循环依赖']);
    const two = dagValidity([load, clean], [link(load, clean), link(clean, load)]);
    expect(two.errors).toEqual(['任务 clean 的必填输入 count 未提供', '任务 load 与 clean 之间存在循环依赖']);
    // Two separate circles are two problems; a task outside them is not named.
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((name) => task(name));
    expect(dagValidity([a, b, c, d, e], [link(a, b), link(b, a), link(c, d), link(d, c), link(b, e)]).errors).toEqual(['任务 a 与 b 之间存在循环依赖', '任务 c 与 d 之间存在循环依赖']);
  });

  it('names a link to a task not in this workflow', () => {
    const { load, clean, report, links } = threeTasks();
    const stranger = task('elsewhere');
    const result = dagValidity([load, clean, report], [...links, link(clean, stranger)]);
    expect(result.errors).toEqual([`连线 clean → ${stranger.id} 指向不在本工作流中的任务 ${stranger.id}`]);
  });

  it('names params a task does not have and types that do not match', () => {
    const { load, clean, report } = threeTasks();
    const result = dagValidity([load, clean, report], [link(load, clean, 'rowz', 'count'), link(clean, report, 'summary', 'txt'), link(report, load, 'day', 'rows')]);
    expect(result.errors).toEqual([
      '任务 load 没有输出 rowz（source_param）',
      '任务 report 没有输入 txt（target_param）',
      '任务 report 没有输出 day（source_param）',
      '任务 report 的必填输入 text 未提供',
      '任务 load、clean 与 report 之间存在循环依赖',
    ]);
    const text = task('text', { outputs: [spec('rows', 'string')] });
    const count = task('count', { inputs: [spec('count', 'integer')] });
    expect(dagValidity([text, count], [link(text, count, 'rows', 'count')]).errors).toEqual(['类型不匹配：text.rows(string) → count.count(integer)']);
  });

  it('knows which types feed which', () => {
    expect(compatible('integer', 'float')).toBe(true);
    expect(compatible('float', 'integer')).toBe(false);
    for (const type of ['integer', 'float', 'boolean', 'datetime', 'string'] as const) {
      expect(compatible(type, 'string'), type).toBe(true);
      expect(compatible(type, type), type).toBe(true);
    }
    expect(compatible('string', 'datetime')).toBe(false);
    expect(compatible('boolean', 'integer')).toBe(false);
  });

  it('names a required input neither linked, fixed nor asked at run time, and a ScriptOperator without a script', () => {
    const { load, clean, report, links } = threeTasks();
    clean.params = { threshold: null };
    report.runInputs = [];
    const orphan = task('orphan', { scriptId: null });
    expect(dagValidity([load, clean, report, orphan], links).errors).toEqual([
      '任务 orphan 未选择脚本',
      '任务 clean 的必填输入 threshold 未提供',
      '任务 report 的必填输入 day 未提供',
    ]);
  });

  it('names stale fixed values and run inputs, and an input fed twice', () => {
    const { load, clean, report, links } = threeTasks();
    clean.params = { threshold: 2, gone: 'x' };
    report.runInputs = ['day', 'old'];
    const extra = task('extra', { outputs: [spec('n', 'integer')] });
    expect(dagValidity([load, clean, report, extra], [...links, link(extra, clean, 'n', 'count')]).errors).toEqual([
      '任务 clean 的输入 threshold 不能大于 1',
      '任务 clean 没有输入 gone（固定值 params）',
      '任务 report 没有输入 old（运行时输入 run_inputs）',
      '任务 clean 的输入 count 已由 load.rows 提供，不能再由 extra.n 提供',
    ]);
  });

  it('takes the built-in operators with their fixed params', () => {
    const query = task('query', { operator: 'QueryOperator', scriptId: null, ...BUILTIN_OPERATOR_PARAMS.QueryOperator });
    expect(dagValidity([query], []).errors).toEqual(['任务 query 的必填输入 connection_id 未提供', '任务 query 的必填输入 schema_name 未提供', '任务 query 的必填输入 table_name 未提供']);
    query.params = { connection_id: 1, schema_name: 'warehouse_demo', table_name: 'rows' };
    expect(dagValidity([query], []).is_valid_dag).toBe(true);
  });
});

describe('valueProblem', () => {
  it('checks type, options and range', () => {
    expect(valueProblem('t', spec('n', 'integer'), 1.5)).toBe('任务 t 的输入 n 须为整数（integer）');
    expect(valueProblem('t', spec('n', 'integer'), '3')).toBe('任务 t 的输入 n 须为整数（integer）');
    expect(valueProblem('t', spec('f', 'float'), 1)).toBeNull();
    expect(valueProblem('t', spec('b', 'boolean'), 'true')).toBe('任务 t 的输入 b 须为布尔值 true 或 false（boolean）');
    expect(valueProblem('t', spec('d', 'datetime'), '2026-01-01T00:00:00+08:00')).toBeNull();
    expect(valueProblem('t', spec('d', 'datetime'), '2026-01-01 08:00')).toBeNull();
    expect(valueProblem('t', spec('d', 'datetime'), 'tomorrow')).toMatch(/^任务 t 的输入 d 须为 ISO 8601 时间/);
    expect(valueProblem('t', spec('c', 'string', false, { options: ['北京', '上海'] }), '广州')).toBe('任务 t 的输入 c 只能是 北京、上海 之一');
    expect(valueProblem('t', spec('n', 'float', false, { number_min: 0 }), -1)).toBe('任务 t 的输入 n 不能小于 0');
    expect(valueProblem('t', spec('s', 'string'), 5)).toBe('任务 t 的输入 s 须为文本（string）');
  });
});

describe('input params', () => {
  it('lists the run inputs keyed task.field, searched, ordered and paged', () => {
    const { load, clean, report } = threeTasks();
    clean.runInputs = ['threshold'];
    const all = inputParamsOf([load, clean, report]);
    expect(all.map((param) => param.key)).toEqual(['clean.threshold', 'report.day']);
    expect(all[0]).toMatchObject({ task_id: 'clean', field_name: 'threshold', type: 'float', required: true, number_max: 1 });
    expect(pageOfInputParams(all, { limit: 1, offset: 0, ordering: '-key' })).toEqual({ rows: [all[1]], total: 2 });
    expect(pageOfInputParams(all, { limit: 10, offset: 0, search: 'REPORT' }).rows.map((param) => param.key)).toEqual(['report.day']);
    expect(() => pageOfInputParams(all, { limit: 10, offset: 0, ordering: 'placeholder' })).toThrow('不能按 placeholder 排序');
  });
});
