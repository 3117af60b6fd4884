import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REGION_PAYLOAD_KEYS, type GeneratePayload, type RegionLevel, type RegionNode, type RegionPayload } from '../../../contract/results';
import { generationJobs, labels, libraryGroups, users } from '../../db/schema';
import { DEMO } from '../../db/seed/demo-accounts';
import { defaultResultDeps, type ResultDeps } from './deps';
import { checkGeneration } from './generation-checks';
import { createGeneration } from './generation-queries';
import { projectWarehouse } from './regions';
import { displayName } from '../../../contract/users';

/** The demo generations: every street for 交通便捷, every district for 生态宜居. */
const DEMO_DIMENSIONS = ['交通便捷', '生态宜居'];
const PER_DIMENSION_MAX = 12;
/** The report group the demo generations fill. */
const DEMO_GROUP = '体检成果';

function regionsAt(nodes: RegionNode[], level: RegionLevel, path: string[] = []): string[][] {
  return nodes.flatMap((node) => (node.level === level ? [[...path, node.name]] : regionsAt(node.children, level, [...path, node.name])));
}
const payloadOf = (path: string[]): RegionPayload => Object.fromEntries(path.slice(2).map((name, i) => [REGION_PAYLOAD_KEYS[i], name]));

/**
 * With the demo seeded with storage (npm start), queues the demo project's first generations
 * once, so 成果统计 has reports: the job queue makes them in the background after the start.
 */
export async function queueDemoGenerations(app: FastifyInstance, deps: ResultDeps = defaultResultDeps): Promise<void> {
  const [done] = await app.db.select({ id: generationJobs.id }).from(generationJobs).where(eq(generationJobs.projectUuid, DEMO.projectUuid)).limit(1);
  if (done) return;
  const [user] = await app.db.select().from(users).where(eq(users.username, DEMO.username));
  if (!user) return;
  await app.db.insert(libraryGroups).values({ projectUuid: DEMO.projectUuid, kind: 'report', name: DEMO_GROUP, sorted: 100, userUuid: user.uuid }).onConflictDoNothing();
  const [group] = await app.db
    .select({ id: libraryGroups.id })
    .from(libraryGroups)
    .where(and(eq(libraryGroups.projectUuid, DEMO.projectUuid), eq(libraryGroups.kind, 'report'), eq(libraryGroups.name, DEMO_GROUP)));
  const projectLabels = await app.db.select().from(labels).where(eq(labels.projectUuid, DEMO.projectUuid));
  const reportType = projectLabels.find((label) => label.name === '年度体检报告');
  if (!group || !reportType) return;
  const source = await projectWarehouse(app, DEMO.projectUuid);
  const tree = await deps.regionTree(app, DEMO.projectUuid, source);
  for (const name of DEMO_DIMENSIONS) {
    const dimension = projectLabels.find((label) => label.name === name && label.origin === '报告');
    const level = Number(dimension?.extraInfo?.level) as RegionLevel;
    if (!dimension || !(level >= 3 && level <= 7)) continue;
    const payload: GeneratePayload = {
      data_list: regionsAt(tree, level).slice(0, PER_DIMENSION_MAX).map(payloadOf),
      report_type: reportType.id,
      level,
      level_label: dimension.id,
      report_project_uuid: DEMO.projectUuid,
      connection_id: source.connectionId,
      schema_name: source.schemaName,
      database_name: source.databaseName,
      report_group_id: group.id,
    };
    if (payload.data_list.length === 0) continue;
    const checked = await checkGeneration(app, deps, DEMO.projectUuid, payload);
    await createGeneration(app, DEMO.projectUuid, payload, checked, { uuid: user.uuid, name: displayName(user) });
  }
}
