import { REGION_LEVELS, type RegionLevel } from '../../../contract/results';
import { WAREHOUSE_ROWS_MAX, type WarehouseCounts, type WarehouseImportIssue } from '../../../contract/warehouse';
import type { SheetRows } from '../../lib/xlsx-reader';
import { DIRECTION_WORDS, INDICATOR_COLUMNS, INDICATOR_TEXT_MAX, LEVEL_WORDS, REGION_COLUMNS, REGION_NAME_MAX, SHEETS, VALUE_COLUMNS } from './warehouse-sheet';
import { REGION_LEVEL_LABELS } from '../../../contract/results';

/** A region: its names from the province down, as long as its level. */
export type Region = string[];
export interface Indicator {
  code: string;
  level: RegionLevel;
  dimension: string;
  name: string;
  unit: string;
  standard: number;
  direction: 'higher' | 'lower';
  sortOrder: number;
}
export interface IndicatorValueRow {
  code: string;
  region: Region;
  value: number | null;
}
/** What a valid file holds, ready to write. */
export interface WarehousePlan {
  regions: Region[];
  indicators: Indicator[];
  values: IndicatorValueRow[];
}

/** Most digits numeric(12, 2) keeps before the point. */
const NUMBER_LIMIT = 1e10;
const LEVEL_OF = new Map<string, RegionLevel>(
  REGION_LEVELS.flatMap((level) => [
    [String(level), level],
    [LEVEL_WORDS[level], level],
    [REGION_LEVEL_LABELS[level], level],
  ]),
);
const DIRECTION_OF = new Map<string, 'higher' | 'lower'>([
  [DIRECTION_WORDS.higher, 'higher'],
  [DIRECTION_WORDS.lower, 'lower'],
  ['higher', 'higher'],
  ['lower', 'lower'],
]);

const text = (cell: unknown) => (cell === null || cell === undefined ? '' : String(cell).trim());
const keyOf = (names: string[]) => names.join('\u0000');
const shown = (region: Region) => region.join(' / ');

/** A number from a number cell or a text like "12.5"; undefined when it is none. */
function numberOf(cell: unknown): number | undefined {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : undefined;
  const written = text(cell);
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(written) ? Number(written) : undefined;
}

export function issueText(issue: Omit<WarehouseImportIssue, 'text'>): string {
  if (issue.row === null) return `「${issue.sheet}」：${issue.message}`;
  return `「${issue.sheet}」第 ${issue.row} 行${issue.column ? `「${issue.column}」列` : ''}：${issue.message}`;
}

/** The rows of one data sheet, each with the Excel row number and a reader of its cells by column name. */
interface SheetReader {
  rows: Array<{ row: number; cell: (column: string) => unknown }>;
  fail: (row: number | null, column: string | null, message: string) => void;
}

/**
 * Checks a workbook's three data sheets and, when every row is valid, answers what to write;
 * otherwise every issue found (a missing sheet or column stops only that sheet's rows).
 */
export function planWarehouse(sheets: SheetRows[]): { plan?: WarehousePlan; issues: WarehouseImportIssue[] } {
  const issues: WarehouseImportIssue[] = [];
  const fail = (sheet: string) => (row: number | null, column: string | null, message: string) =>
    void issues.push({ sheet, row, column, message, text: issueText({ sheet, row, column, message }) });

  const open = (name: string, columns: string[], required: string[]): SheetReader | undefined => {
    const sheet = sheets.find((candidate) => candidate.name.trim() === name);
    if (!sheet) return void fail(name)(null, null, `缺少工作表「${name}」，请使用模板`);
    const header = (sheet.rows[0] ?? []).map(text);
    const missing = required.filter((column) => !header.includes(column));
    if (missing.length > 0) return void fail(name)(null, null, `缺少列${missing.map((column) => `「${column}」`).join('')}，请使用模板的表头`);
    const index = new Map(columns.map((column) => [column, header.indexOf(column)]));
    const rows = sheet.rows
      .slice(1)
      .map((cells, i) => ({ row: sheet.firstRow + 1 + i, cells }))
      .filter(({ cells }) => cells.some((cell) => text(cell) !== ''))
      .map(({ row, cells }) => ({ row, cell: (column: string) => (index.get(column)! < 0 ? null : cells[index.get(column)!]) }));
    return { rows, fail: fail(name) };
  };

  const regionSheet = open(SHEETS.regions, REGION_COLUMNS, [REGION_COLUMNS[0]]);
  const indicatorSheet = open(SHEETS.indicators, Object.values(INDICATOR_COLUMNS), Object.values(INDICATOR_COLUMNS).filter((column) => column !== INDICATOR_COLUMNS.sort));
  const valueSheet = open(SHEETS.values, [VALUE_COLUMNS.code, ...REGION_COLUMNS, VALUE_COLUMNS.value], [VALUE_COLUMNS.code, REGION_COLUMNS[0], VALUE_COLUMNS.value]);
  const total = [regionSheet, indicatorSheet, valueSheet].reduce((sum, sheet) => sum + (sheet?.rows.length ?? 0), 0);
  if (total > WAREHOUSE_ROWS_MAX) {
    return { issues: [{ sheet: '全部', row: null, column: null, message: '', text: `文件的数据超过 ${WAREHOUSE_ROWS_MAX} 行（三张表合计），请拆分或精简后再导入` }] };
  }
  if (issues.length > 0 || !regionSheet || !indicatorSheet || !valueSheet) return { issues };

  const regions = readRegions(regionSheet);
  const indicators = readIndicators(indicatorSheet);
  const regionsValid = !issues.some((issue) => issue.sheet === SHEETS.regions);
  const indicatorsValid = !issues.some((issue) => issue.sheet === SHEETS.indicators);
  // Values are held against a sheet only when it is valid: a refused row is not reported again on every value naming it.
  const regionKeys = new Set(regions.map(keyOf));
  const indicatorKeys = new Set(indicators.map((it) => `${it.level}\u0000${it.code}`));
  const values = readValues(valueSheet, {
    region: (region) => !regionsValid || regionKeys.has(keyOf(region)),
    indicator: (level, code) => !indicatorsValid || indicatorKeys.has(`${level}\u0000${code}`),
  });
  return issues.length > 0 ? { issues } : { plan: { regions, indicators, values }, issues };
}

/** The region a row names: names down to the last filled column; a blank column above it is an issue. */
function regionOf(sheet: SheetReader, line: SheetReader['rows'][number]): Region | undefined {
  const names = REGION_COLUMNS.map((column) => text(line.cell(column)));
  const depth = names.findLastIndex((name) => name !== '') + 1;
  if (depth === 0) return void sheet.fail(line.row, REGION_COLUMNS[0], '区域为空，至少填写省名称');
  let valid = true;
  for (let i = 0; i < depth; i++) {
    const level = (i + 1) as RegionLevel;
    if (!names[i]) {
      sheet.fail(line.row, REGION_COLUMNS[i], `不能为空：已填写下级「${REGION_COLUMNS[depth - 1]}」`);
      valid = false;
    } else if (names[i].length > REGION_NAME_MAX[level]) {
      sheet.fail(line.row, REGION_COLUMNS[i], `超过 ${REGION_NAME_MAX[level]} 个字符`);
      valid = false;
    }
  }
  return valid ? names.slice(0, depth) : undefined;
}

function readRegions(sheet: SheetReader): Region[] {
  const rowOf = new Map<string, number>();
  const regions: Array<{ region: Region; row: number }> = [];
  for (const line of sheet.rows) {
    const region = regionOf(sheet, line);
    if (!region) continue;
    const earlier = rowOf.get(keyOf(region));
    if (earlier) sheet.fail(line.row, REGION_COLUMNS[region.length - 1], `区域「${shown(region)}」与第 ${earlier} 行重复`);
    else {
      rowOf.set(keyOf(region), line.row);
      regions.push({ region, row: line.row });
    }
  }
  for (const { region, row } of regions) {
    const parent = region.slice(0, -1);
    if (parent.length > 0 && !rowOf.has(keyOf(parent))) sheet.fail(row, REGION_COLUMNS[parent.length - 1], `上级区域「${shown(parent)}」不在本表中，请为它单独填写一行`);
  }
  if (sheet.rows.length === 0) sheet.fail(null, null, '没有数据，至少填写一个区域');
  return regions.map(({ region }) => region);
}

function readIndicators(sheet: SheetReader): Indicator[] {
  const rowOf = new Map<string, number>();
  const indicators: Indicator[] = [];
  const C = INDICATOR_COLUMNS;
  sheet.rows.forEach((line, order) => {
    let valid = true;
    const bad = (column: string, message: string) => {
      sheet.fail(line.row, column, message);
      valid = false;
    };
    const textIn = (column: string, max: number, required = true) => {
      const value = text(line.cell(column));
      if (!value && required) bad(column, '不能为空');
      else if (value.length > max) bad(column, `超过 ${max} 个字符`);
      return value;
    };
    const code = textIn(C.code, INDICATOR_TEXT_MAX.code);
    const levelText = text(line.cell(C.level));
    const level = LEVEL_OF.get(levelText);
    if (!levelText) bad(C.level, '不能为空');
    else if (!level) bad(C.level, `未知的层级「${levelText}」，可填 ${Object.values(LEVEL_WORDS).join('、')}`);
    const dimension = textIn(C.dimension, INDICATOR_TEXT_MAX.dimension);
    const name = textIn(C.name, INDICATOR_TEXT_MAX.name);
    const unit = textIn(C.unit, INDICATOR_TEXT_MAX.unit, false);
    const standard = numberOf(line.cell(C.standard));
    if (!text(line.cell(C.standard))) bad(C.standard, '不能为空');
    else if (standard === undefined) bad(C.standard, '不是数字');
    else if (Math.abs(standard) >= NUMBER_LIMIT) bad(C.standard, `超出范围（绝对值须小于 ${NUMBER_LIMIT}）`);
    const directionText = text(line.cell(C.direction));
    const direction = DIRECTION_OF.get(directionText);
    if (!direction) bad(C.direction, directionText ? `只能填 ${DIRECTION_WORDS.higher} 或 ${DIRECTION_WORDS.lower}` : '不能为空');
    const sortText = text(line.cell(C.sort));
    const sort = sortText ? numberOf(line.cell(C.sort)) : order + 1;
    if (sort === undefined || !Number.isInteger(sort) || Math.abs(sort) > 2 ** 31 - 1) bad(C.sort, '不是整数');
    if (code && level) {
      const key = `${level}\u0000${code}`;
      const earlier = rowOf.get(key);
      if (earlier) bad(C.code, `指标「${code}」在「${LEVEL_WORDS[level]}」层级与第 ${earlier} 行重复`);
      else rowOf.set(key, line.row);
    }
    if (valid) indicators.push({ code, level: level!, dimension, name, unit, standard: standard!, direction: direction!, sortOrder: sort! });
  });
  return indicators;
}

function readValues(sheet: SheetReader, known: { region: (region: Region) => boolean; indicator: (level: number, code: string) => boolean }): IndicatorValueRow[] {
  const rowOf = new Map<string, number>();
  const values: IndicatorValueRow[] = [];
  for (const line of sheet.rows) {
    let valid = true;
    const bad = (column: string, message: string) => {
      sheet.fail(line.row, column, message);
      valid = false;
    };
    const code = text(line.cell(VALUE_COLUMNS.code));
    if (!code) bad(VALUE_COLUMNS.code, '不能为空');
    const region = regionOf(sheet, line);
    if (!region) valid = false;
    else if (!known.region(region)) bad(REGION_COLUMNS[region.length - 1], `区域「${shown(region)}」不在「${SHEETS.regions}」表中`);
    else if (code && !known.indicator(region.length, code)) {
      bad(VALUE_COLUMNS.code, `指标「${code}」在「${LEVEL_WORDS[region.length as RegionLevel]}」层级不在「${SHEETS.indicators}」表中`);
    }
    const written = text(line.cell(VALUE_COLUMNS.value));
    const value = written ? numberOf(line.cell(VALUE_COLUMNS.value)) : null;
    if (value === undefined) bad(VALUE_COLUMNS.value, '不是数字');
    else if (value !== null && Math.abs(value) >= NUMBER_LIMIT) bad(VALUE_COLUMNS.value, `超出范围（绝对值须小于 ${NUMBER_LIMIT}）`);
    if (!valid || !region) continue;
    const key = keyOf([code, ...region]);
    const earlier = rowOf.get(key);
    if (earlier) bad(VALUE_COLUMNS.code, `指标「${code}」在区域「${shown(region)}」的值与第 ${earlier} 行重复`);
    else {
      rowOf.set(key, line.row);
      values.push({ code, region, value: value! });
    }
  }
  return values;
}

/** What a plan holds, in the answer's terms. */
export function countsOf(plan: WarehousePlan): WarehouseCounts {
  const regions = Object.fromEntries(REGION_LEVELS.map((level) => [level, 0])) as Record<RegionLevel, number>;
  for (const region of plan.regions) regions[region.length as RegionLevel] += 1;
  return { regions, indicators: plan.indicators.length, values: plan.values.length };
}
