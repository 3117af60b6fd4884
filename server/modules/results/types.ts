import type { RegionPath } from '../../../contract/results';

/** Where a project's region table and indicators are: a connection of the project and a place in it. */
export interface WarehouseSource {
  connectionId: number;
  databaseName: string;
  schemaName: string;
}

/** One indicator of a dimension at a region, from the project's data (regions.ts / indicators.ts). */
export interface IndicatorValue {
  code: string;
  name: string;
  unit: string;
  /** The standard value the indicator is held against. */
  standard: number;
  /** Which way is better: a value meets the standard when it is at least (higher) or at most (lower) it. */
  direction: 'higher' | 'lower';
  /** Null when the region has no value for it (counts as not met). */
  value: number | null;
}

/** What one generated report says (report-pdf.ts renders it). */
export interface ResultReportInput {
  projectName: string;
  region: RegionPath;
  /** The display name of the region's level, e.g. 社区名称. */
  levelName: string;
  dimension: string;
  reportType: string;
  date: Date;
  /** The zone the date is written in (the server's TZ setting); Asia/Shanghai when absent. */
  timeZone?: string;
  indicators: IndicatorValue[];
}

export interface RenderedResultReport {
  pdf: Uint8Array;
  /** A JPEG cover drawn from the report's first page. */
  cover: Buffer;
  /** Indicators that meet their standard, of `total`. */
  met: number;
  total: number;
}
