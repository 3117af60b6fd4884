/**
 * The 成果 (results) area of the urban health-check product: what the server and the app agree
 * on (spec workspace sections 1 to 7). Bodies use the report service's envelope
 * (`{code, message, data}`; lists `{code, result: {data, pageNo, pageSize, total}}`).
 */

/** Region levels 1 to 7: province, city, district, street, community, xiaoqu, loudong. */
export const REGION_LEVELS = [1, 2, 3, 4, 5, 6, 7] as const;
export type RegionLevel = (typeof REGION_LEVELS)[number];

/** The display names of the levels (spec section 3), which are also the column names of the region table. */
export const REGION_LEVEL_NAMES: Record<RegionLevel, string> = {
  1: '省名称',
  2: '城市名称',
  3: '区县名称',
  4: '街道名称',
  5: '社区名称',
  6: '小区名称',
  7: '楼栋号',
};

/** The levels as the report list's level filter names them. */
export const REGION_LEVEL_LABELS: Record<RegionLevel, string> = {
  1: '省级',
  2: '市级',
  3: '区县级',
  4: '街道级',
  5: '社区级',
  6: '小区级',
  7: '楼栋级',
};

/** The payload keys of `data_list` entries, levels 3 to 7 (province and city are the project's). */
export const REGION_PAYLOAD_KEYS = ['area', 'street', 'community', 'village', 'loudong'] as const;
export type RegionPayloadKey = (typeof REGION_PAYLOAD_KEYS)[number];
export type RegionPayload = Partial<Record<RegionPayloadKey, string>>;

/** `GET …/investigation_scope/tree/?level_limit=N` answers `data: RegionNode[]` (roots are provinces). */
export interface RegionNode {
  name: string;
  level: RegionLevel;
  children: RegionNode[];
}

/** The table of regions in the project's connection: one row per building, a column per level's display name. */
export const REGION_TABLE = 'investigation_scope';

/**
 * A region named by its path from the province down, e.g. ['示例省', '示例市', '东城区'].
 * Query strings carry a list of paths as JSON: `regions=[["示例省","示例市","东城区"]]`.
 */
export type RegionPath = string[];

/** `POST /studio/report/api/oa_result/projects/{projectId}/report/generate/` (spec section 7). */
export interface GeneratePayload {
  /** The regions, each at `level`: keys down to that level (area = level 3 … loudong = level 7). */
  data_list: RegionPayload[];
  /** A label id of the project's 报告类型 group (origin 报告). */
  report_type: number;
  /** The region level of every entry; equals the dimension label's `extra_info.level`. */
  level: RegionLevel;
  /** The research dimension: a label id of the first report filter group. */
  level_label: number;
  /** Must be the project of the path. */
  report_project_uuid: string;
  /** A connection of the project, and where in it the region table and the indicators are. */
  connection_id: number;
  schema_name: string;
  database_name: string;
  /** A report group of the project that receives the reports. */
  report_group_id: number;
}

export const GENERATE_MESSAGE = '成果生成中';

/** The queue's states, as the job list shows them. */
export type GenerationState = 'queued' | 'running' | 'completed' | 'failed';
export const GENERATION_STATE_NAMES: Record<GenerationState, string> = {
  queued: '排队中',
  running: '生成中',
  completed: '已完成',
  failed: '失败',
};

export interface GenerationRegion {
  path: RegionPath;
  state: 'pending' | 'done' | 'failed';
  /** The Chinese reason of a failed region. */
  error: string | null;
  /** The library report made for it. */
  report_id: number | null;
}

/** The POST answers `data: {job_id, state: 'queued', total}`; `GET …/generate/?pageNo&pageSize` lists these, newest first. */
export interface GenerationJob {
  job_id: number;
  state: GenerationState;
  dimension: { id: number; name: string };
  report_type: { id: number; name: string };
  level: RegionLevel;
  report_group_id: number;
  total: number;
  done: number;
  failed: number;
  regions: GenerationRegion[];
  create_user: string;
  /** yyyy-MM-dd HH:mm:ss; started and finished are null until then. */
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/**
 * The results list: `GET /studio/report/api/oa_result/projects/{projectId}/report/list/`.
 * Query: pageNo, pageSize, name, start_time, end_time, created_at (sort, `-created_at` newest
 * first), regions (JSON list of paths: a report matches when its region is one of them or lies
 * under one), dimension_id, source. Items are report-list items plus the fields below.
 */
export type ResultSource = 'generated' | 'uploaded' | 'all';

export interface ResultItemExtra {
  /** Null for a report uploaded by hand. */
  region: RegionPath | null;
  dimension: { id: number; name: string } | null;
  /** Indicators that meet their standard, of `indicators_total`; null for an uploaded report. */
  indicators_met: number | null;
  indicators_total: number | null;
}

/**
 * `GET /studio/report/api/oa_result/projects/{projectId}/report/statistics/` with the list's
 * filters (regions, dimension_id, name, start_time, end_time): what the charts of 成果统计 draw.
 */
export interface ResultStatistics {
  total: number;
  by_dimension: Array<{ id: number; name: string; count: number }>;
  /** Reports per region one level below the deepest common level of the filter (the whole tree: per city's districts). */
  by_region: Array<{ name: string; path: RegionPath; count: number }>;
  indicators: { met: number; total: number };
}

/**
 * Where a project's 成果 data is (its extra_info): a connection of the project, a database in it
 * and a schema holding REGION_TABLE, the indicator catalogue and the indicator values.
 * `GET /studio/report/api/report/projects/{projectId}/warehouse/check/?connection_id&database_name&schema_name`
 * answers `data: WarehouseCheck`; `PUT …/warehouse/source/` with a WarehouseSourceBody checks and saves.
 */
export interface WarehouseSourceBody {
  connection_id: number;
  database_name: string;
  schema_name: string;
}

/** One needed table of a source: whether it is there and which of its needed columns are not. */
export interface WarehouseTableCheck {
  name: string;
  /** What the table holds, in Chinese (调查范围, 指标目录, 指标值). */
  label: string;
  present: boolean;
  missing_columns: string[];
  /** Its rows when it is complete: the region table and the catalogue only (the values may be millions); null otherwise. */
  rows: number | null;
}

export interface WarehouseCheck {
  ready: boolean;
  tables: WarehouseTableCheck[];
  /** What is missing in Chinese, one entry per table: 缺少表 indicator_value, 表 investigation_scope 缺少列 楼栋号. */
  missing: string[];
}
