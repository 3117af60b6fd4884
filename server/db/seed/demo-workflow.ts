import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import type { ParamType } from '../../../contract/workflows';
import { MIME } from '../../lib/file-types';
import { newStorageKey } from '../../lib/storage';
import { INDICATOR_TABLE, VALUE_TABLE } from '../../modules/results/warehouse-tables';
import { publishLocked } from '../../modules/workflows/definitions/definition';
import type { Db } from '../client';
import { connections, scriptParams, scripts, scriptVersions, storedFiles, users, workflowLinks, workflows, workflowTasks } from '../schema';
import { DEMO } from './demo-accounts';
import type { SeedContext } from './demo-library';
import { DEMO_CONNECTION_NAME, WAREHOUSE_SCHEMA } from './demo-warehouse';
import { displayName } from '../../../contract/users';

export const DEMO_WORKFLOW_NAME = '示例：指标汇总与成果生成';
export const DEMO_SCRIPT_NAME = '汇总指标达标率';
const SCRIPT_FILE = 'summarize.mjs';
const SCRIPT_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'workflow-demo', SCRIPT_FILE);
const TALLY_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../modules/results/tally.mjs');
const TALLY_IMPORT = /^import \{[^}]*\} from '[./]*\/modules\/results\/tally\.mjs';$/m;

/** The demo script as one file: the reports' 达标 rule (tally.mjs) written where the script imports it. */
export function demoScriptText(): string {
  const script = readFileSync(SCRIPT_PATH, 'utf8');
  if (!TALLY_IMPORT.test(script)) throw new Error(`${SCRIPT_FILE} 不再导入 tally.mjs`);
  const rule = readFileSync(TALLY_PATH, 'utf8').replace(/^export /gm, '');
  return script.replace(TALLY_IMPORT, () => rule);
}
const DIMENSION = '生态宜居';
/** The demo workflow has no schedule: the zone only words dates the publication computes. */
const DEMO_TIME_ZONE = 'Asia/Shanghai';

const SCRIPT_PARAMS: Array<{ direction: 'input' | 'output'; fieldName: string; type: ParamType; placeholder: string }> = [
  { direction: 'input', fieldName: 'rows', type: 'string', placeholder: '指标值表的行（JSON 数组）' },
  { direction: 'input', fieldName: 'catalogue', type: 'string', placeholder: '指标目录表的行（JSON 数组）' },
  { direction: 'input', fieldName: 'dimension', type: 'string', placeholder: '体检维度名称，如 生态宜居' },
  { direction: 'output', fieldName: 'summary', type: 'string', placeholder: '一句中文小结' },
  { direction: 'output', fieldName: 'regions', type: 'string', placeholder: '达标率最低的两个区县的区域路径（JSON 数组）' },
];

type TaskSeed = Pick<typeof workflowTasks.$inferInsert, 'name' | 'description' | 'operator' | 'params' | 'timeout'> & { script?: boolean };
const TASKS = (connectionId: number): TaskSeed[] => [
  {
    name: 'load_indicators',
    description: '从示例数据仓库读取各区域的指标值',
    operator: 'QueryOperator',
    params: { connection_id: connectionId, schema_name: WAREHOUSE_SCHEMA, table_name: VALUE_TABLE, columns: 'indicator_code,level,省名称,城市名称,区县名称,value', limit: 20000 },
    timeout: 300,
  },
  {
    name: 'load_catalogue',
    description: '读取指标目录：每项指标的维度、标准值和方向',
    operator: 'QueryOperator',
    params: { connection_id: connectionId, schema_name: WAREHOUSE_SCHEMA, table_name: INDICATOR_TABLE, columns: 'code,level,dimension,name,standard,direction', limit: 2000 },
    timeout: 300,
  },
  { name: 'summarize', description: '计算各区县的达标率，选出最低的两个', operator: 'ScriptOperator', params: { dimension: DIMENSION }, timeout: 120, script: true },
  { name: 'generate_reports', description: '为这两个区县生成生态宜居体检报告', operator: 'ReportOperator', params: { dimension: DIMENSION }, timeout: 600 },
];
const LINKS = [
  { source: 'load_indicators', target: 'summarize', sourceParam: 'rows', targetParam: 'rows' },
  { source: 'load_catalogue', target: 'summarize', sourceParam: 'rows', targetParam: 'catalogue' },
  { source: 'summarize', target: 'generate_reports', sourceParam: 'regions', targetParam: 'regions' },
];

/** The demo script and its parameters, made once; an existing script of that name is used as it is. */
async function demoScript(tx: Db, context: SeedContext, userUuid: string): Promise<number> {
  const [existing] = await tx.select({ id: scripts.id }).from(scripts).where(and(eq(scripts.projectUuid, DEMO.projectUuid), eq(scripts.name, DEMO_SCRIPT_NAME)));
  if (existing) return existing.id;
  const key = newStorageKey();
  context.written.push(key);
  const stored = await context.storage!.put(key, Readable.from([Buffer.from(demoScriptText())]));
  const [file] = await tx
    .insert(storedFiles)
    .values({ organizationUuid: DEMO.organizationUuid, projectUuid: DEMO.projectUuid, storageKey: key, name: SCRIPT_FILE, size: stored.size, mime: MIME.script, sha256: stored.sha256, createdBy: userUuid })
    .returning({ id: storedFiles.id });
  const [script] = await tx.insert(scripts).values({ projectUuid: DEMO.projectUuid, name: DEMO_SCRIPT_NAME, fileId: file.id }).returning({ id: scripts.id });
  // Its file is its version 1, as for a script made through the API.
  await tx.insert(scriptVersions).values({ scriptId: script.id, n: 1, fileId: file.id, size: stored.size, createdBy: userUuid });
  await tx.insert(scriptParams).values(SCRIPT_PARAMS.map((param) => ({ ...param, scriptId: script.id, required: true })));
  return script.id;
}

/**
 * The demo workflow (load the warehouse's indicators and catalogue, summarize them with a script,
 * generate reports for the two weakest districts), published, for a demo project that has no
 * workflow yet. Needs storage for the script's file, like the demo library.
 */
export async function seedDemoWorkflow(tx: Db, context: SeedContext): Promise<void> {
  if (!context.storage) return;
  const [{ existing }] = await tx.select({ existing: count() }).from(workflows).where(eq(workflows.projectUuid, DEMO.projectUuid));
  if (existing > 0) return;
  const [user] = await tx.select({ uuid: users.uuid }).from(users).where(eq(users.username, DEMO.username));
  const [connection] = await tx
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.projectUuid, DEMO.projectUuid), eq(connections.name, DEMO_CONNECTION_NAME), eq(connections.drivername, 'builtin')));
  if (!user || !connection) return;

  const scriptId = await demoScript(tx, context, user.uuid);
  const [workflow] = await tx
    .insert(workflows)
    .values({
      projectUuid: DEMO.projectUuid,
      name: DEMO_WORKFLOW_NAME,
      description: '读取示例数据仓库的指标值和指标目录，用脚本算出各区县「生态宜居」维度的达标率，再为达标率最低的两个区县生成体检报告。点「运行」即可看它跑完。',
      owner: displayName(DEMO),
      catchup: false,
      revision: 1,
      createdBy: user.uuid,
    })
    .returning({ id: workflows.id });
  const tasks = await tx
    .insert(workflowTasks)
    .values(TASKS(connection.id).map(({ script, ...task }) => ({ ...task, workflowId: workflow.id, scriptId: script ? scriptId : null })))
    .returning({ id: workflowTasks.id, name: workflowTasks.name });
  const idOf = (name: string) => tasks.find((task) => task.name === name)!.id;
  await tx.insert(workflowLinks).values(LINKS.map((link) => ({ workflowId: workflow.id, sourceTaskId: idOf(link.source), targetTaskId: idOf(link.target), sourceParam: link.sourceParam, targetParam: link.targetParam })));
  await publishLocked(tx, workflow.id, user.uuid, DEMO_TIME_ZONE);
}
