import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { REGION_LEVEL_NAMES, REGION_LEVELS, REGION_PAYLOAD_KEYS, REGION_TABLE, type RegionLevel, type RegionNode, type RegionPath, type RegionPayload } from '../../../contract/results';
import { projects } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { SELECT_ROWS_MAX } from '../connections/drivers/types';
import { withProjectConnection } from '../connections/reader';
import type { WarehouseSource } from './types';

const LEVEL_COLUMNS = REGION_LEVELS.map((level) => REGION_LEVEL_NAMES[level]);
export const NO_CONNECTION = '项目未配置数据连接，请在项目设置中配置数据连接';

/** Where the project's region table and indicators are, from its extra_info (connection_id, database_name, schema_name). */
export async function projectWarehouse(app: FastifyInstance, projectUuid: string): Promise<WarehouseSource> {
  const [project] = await app.db.select({ extraInfo: projects.extraInfo }).from(projects).where(eq(projects.uuid, projectUuid));
  if (!project) throw notFound('项目不存在');
  const extra = project.extraInfo as Record<string, unknown>;
  const connectionId = Number(extra.connection_id);
  if (!extra.connection_id || !Number.isInteger(connectionId) || connectionId < 1) throw badRequest(NO_CONNECTION);
  const schemaName = typeof extra.schema_name === 'string' ? extra.schema_name.trim() : '';
  if (!schemaName) throw badRequest('项目的数据连接未指定 schema，请在项目设置中配置数据连接');
  return { connectionId, databaseName: typeof extra.database_name === 'string' ? extra.database_name.trim() : '', schemaName };
}

/** Builds the tree from rows of the seven columns in one pass; an empty level ends its row's branch. Children sorted by name, numbers by value (2号楼 before 10号楼). */
export function buildRegionTree(rows: Array<Record<string, unknown>>): RegionNode[] {
  const roots: RegionNode[] = [];
  const rootIndex = new Map<string, RegionNode>();
  const childIndex = new Map<RegionNode, Map<string, RegionNode>>();
  for (const row of rows) {
    let siblings = roots;
    let index = rootIndex;
    for (const level of REGION_LEVELS) {
      const value = row[LEVEL_COLUMNS[level - 1]];
      const name = value === null || value === undefined ? '' : String(value).trim();
      if (!name) break;
      let node = index.get(name);
      if (!node) {
        node = { name, level, children: [] };
        index.set(name, node);
        siblings.push(node);
      }
      siblings = node.children;
      let below = childIndex.get(node);
      if (!below && level < 7) childIndex.set(node, (below = new Map()));
      index = below!;
    }
  }
  const compare = new Intl.Collator('zh-Hans-CN', { numeric: true }).compare;
  const sort = (nodes: RegionNode[]) => {
    nodes.sort((a, b) => compare(a.name, b.name));
    for (const node of nodes) if (node.children.length > 1) sort(node.children);
  };
  sort(roots);
  return roots;
}

/** The tree down to `limit` (the cached tree is never changed). */
export const cutRegionTree = (nodes: RegionNode[], limit: RegionLevel): RegionNode[] =>
  nodes.map((node) => ({ name: node.name, level: node.level, children: node.level < limit ? cutRegionTree(node.children, limit) : [] }));

/**
 * Trees kept per server: the full tree and its JSON cut at each level_limit asked for. A tree older
 * than TREE_FRESH_MS is still answered while it is read again (one reading at a time), so only the
 * first request of a project waits for the read; one unused for TREE_KEEP_MS is let go.
 */
const TREE_FRESH_MS = 60_000;
const TREE_KEEP_MS = 10 * 60_000;
interface CachedTree {
  projectUuid: string;
  connectionId: number;
  /** When its reading started. */
  at: number;
  tree: Promise<RegionNode[]>;
  json: Map<RegionLevel, string>;
  refreshing: boolean;
}
/** Keyed by the server's database, which every plugin of the server shares (each plugin has an `app` of its own). */
const treesOf = new WeakMap<object, LRUCache<string, CachedTree>>();

function cached(app: FastifyInstance, projectUuid: string, source: WarehouseSource): CachedTree {
  let trees = treesOf.get(app.db);
  if (!trees) treesOf.set(app.db, (trees = new LRUCache({ ttl: TREE_KEEP_MS, updateAgeOnGet: true, ttlAutopurge: true })));
  const kept = trees;
  const key = JSON.stringify([projectUuid, source.connectionId, source.databaseName, source.schemaName]);
  const now = Date.now();
  /** Reads the tree into a new entry; a failure is not kept, so the next request reads again and says why. */
  const read = (replacing?: CachedTree) => {
    const tree = readRegionTree(app, projectUuid, source);
    const made: CachedTree = { projectUuid, connectionId: source.connectionId, at: now, tree, json: new Map(), refreshing: false };
    if (!replacing) kept.set(key, made);
    tree.then(
      () => replacing && kept.peek(key) === replacing && kept.set(key, made),
      () => kept.peek(key) === (replacing ?? made) && kept.delete(key),
    );
    return made;
  };
  let entry = kept.get(key);
  if (!entry) entry = read();
  else if (now - entry.at >= TREE_FRESH_MS && !entry.refreshing) {
    entry.refreshing = true;
    read(entry);
  }
  return entry;
}

async function readRegionTree(app: FastifyInstance, projectUuid: string, source: WarehouseSource): Promise<RegionNode[]> {
  const rows = await withProjectConnection(app, projectUuid, source.connectionId, source.databaseName || undefined, (session) =>
    session.select(source.schemaName, REGION_TABLE, LEVEL_COLUMNS, {}, SELECT_ROWS_MAX),
  ).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 400 ? badRequest(`读取调查范围失败：${error.message}`) : error;
  });
  if (rows.length >= SELECT_ROWS_MAX) throw badRequest(`调查范围表 ${REGION_TABLE} 超过 ${SELECT_ROWS_MAX} 行，无法生成区域树`);
  return buildRegionTree(rows);
}

/**
 * The project's full region tree (levels 1 to 7) from the region table of `source`, read in one
 * query and kept per project, connection, database and schema: read again in the background once
 * it is 60 s old; a change of the project's extra_info or of its connection forgets it at once (on
 * this server; other servers read again within the 60 s).
 */
export function regionTree(app: FastifyInstance, projectUuid: string, source: WarehouseSource): Promise<RegionNode[]> {
  return cached(app, projectUuid, source).tree;
}

/** The tree down to `limit` as the route's JSON body, serialized once per level while the tree is kept. */
export async function regionTreeBody(app: FastifyInstance, projectUuid: string, source: WarehouseSource, limit: RegionLevel): Promise<string> {
  const entry = cached(app, projectUuid, source);
  const tree = await entry.tree;
  let json = entry.json.get(limit);
  if (json === undefined) entry.json.set(limit, (json = JSON.stringify({ code: 200, message: '操作成功', data: limit === 7 ? tree : cutRegionTree(tree, limit) })));
  return json;
}

/** Forgets the trees of a project (its extra_info changed), or of every project on a connection (it was edited or deleted). */
export function forgetRegionTrees(app: FastifyInstance, which: { projectUuid: string; connectionId?: number }): void {
  const trees = treesOf.get(app.db);
  if (!trees) return;
  for (const [key, entry] of [...trees.entries()]) {
    if (entry.projectUuid === which.projectUuid && (which.connectionId === undefined || entry.connectionId === which.connectionId)) trees.delete(key);
  }
}

/**
 * The full path of the region a generation `data_list` entry names at `level` (area = level 3 …
 * loudong = level 7), or undefined when there is none. The entry carries no province or city: in a
 * tree of several, the first city (in the tree's order, by name) holding that path is chosen.
 */
export function findRegion(tree: RegionNode[], level: RegionLevel, payload: RegionPayload): RegionPath | undefined {
  const names = REGION_PAYLOAD_KEYS.slice(0, Math.max(level - 2, 0)).map((key) => payload[key]?.trim() ?? '');
  if (names.some((name) => !name)) return undefined;
  if (level === 1) return tree[0] ? [tree[0].name] : undefined;
  for (const province of tree) {
    for (const city of province.children) {
      const path = [province.name, city.name];
      let nodes = city.children;
      for (const name of names) {
        const node = nodes.find((candidate) => candidate.name === name);
        if (!node) break;
        path.push(name);
        nodes = node.children;
      }
      if (path.length === level) return path;
    }
  }
  return undefined;
}
