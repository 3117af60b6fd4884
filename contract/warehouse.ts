/**
 * A project's own warehouse from a spreadsheet (成果数据): the template, and the import's answers.
 * `GET /studio/report/api/report/projects/{projectId}/warehouse/template/` answers the template;
 * `POST …/warehouse/import/` (multipart `file`, `?dry_run=1` for the preview) loads a filled copy.
 */
import type { RegionLevel } from './results';

export const WAREHOUSE_TEMPLATE_NAME = '成果数据导入模板.xlsx';
/** Most data rows of the three sheets together. */
export const WAREHOUSE_ROWS_MAX = 50_000;
/** Most errors one answer lists; `total` counts them all. */
export const WAREHOUSE_ERRORS_MAX = 100;

/** How many of each a warehouse holds. */
export interface WarehouseCounts {
  /** Regions per level, levels 1 (省) to 7 (楼栋). */
  regions: Record<RegionLevel, number>;
  indicators: number;
  values: number;
}

/** The answer's `data`, of the preview (dry_run) and of the import alike. */
export interface WarehouseImportResult {
  dry_run: boolean;
  /** The schema of the project's warehouse, where 成果 reads after the import. */
  schema_name: string;
  /** The project's imported warehouse before: null when it has none yet. */
  before: WarehouseCounts | null;
  after: WarehouseCounts;
  /** Where the project's 成果 data is read from before the import (its extra_info), when it is elsewhere. */
  replaces_source: { connection_id: string; schema_name: string } | null;
  /** What the import made for 成果生成 where the project lacked it (research dimensions, a report type, a report group); empty in a preview. */
  prepared: string[];
}

/** One bad cell or sheet: `text` is the whole sentence, e.g. 「指标」第 5 行「标准值」列：不是数字. */
export interface WarehouseImportIssue {
  sheet: string;
  row: number | null;
  column: string | null;
  message: string;
  text: string;
}

/** The `data` of a 400 refusing a file: the first WAREHOUSE_ERRORS_MAX issues and how many there are. */
export interface WarehouseImportRefusal {
  errors: WarehouseImportIssue[];
  total: number;
}
