import { REGION_LEVEL_NAMES, REGION_LEVELS, type RegionLevel } from '../../../contract/results';

/** The layout of the warehouse workbook: three sheets of data and one of notes. */
export const SHEETS = { notes: '说明', regions: '区域', indicators: '指标', values: '指标值' } as const;

/** The region columns, one per level, named as the region table's columns. */
export const REGION_COLUMNS = REGION_LEVELS.map((level) => REGION_LEVEL_NAMES[level]);
export const INDICATOR_COLUMNS = { code: '指标编码', level: '层级', dimension: '维度', name: '指标名称', unit: '单位', standard: '标准值', direction: '方向', sort: '排序' } as const;
export const VALUE_COLUMNS = { code: '指标编码', value: '值' } as const;

/** The words of the 层级 column, level 1 to 7. */
export const LEVEL_WORDS: Record<RegionLevel, string> = { 1: '省', 2: '市', 3: '区县', 4: '街道', 5: '社区', 6: '小区', 7: '楼栋' };
export const DIRECTION_WORDS = { higher: '越高越好', lower: '越低越好' } as const;

/** Widths of the region columns; the region table holds names of at most these many characters. */
export const REGION_NAME_MAX: Record<RegionLevel, number> = { 1: 50, 2: 50, 3: 50, 4: 50, 5: 50, 6: 100, 7: 50 };
export const INDICATOR_TEXT_MAX = { code: 16, dimension: 20, name: 60, unit: 20 } as const;

const path = (...names: string[]) => REGION_COLUMNS.map((_, i) => names[i] ?? null);
const EXAMPLE_REGIONS = [
  path('示例省'),
  path('示例省', '示例市'),
  path('示例省', '示例市', '东城区'),
  path('示例省', '示例市', '西城区'),
  path('示例省', '示例市', '东城区', '和平街道'),
  path('示例省', '示例市', '东城区', '和平街道', '幸福社区'),
  path('示例省', '示例市', '东城区', '和平街道', '幸福社区', '锦绣花园'),
  path('示例省', '示例市', '东城区', '和平街道', '幸福社区', '锦绣花园', '1号楼'),
  path('示例省', '示例市', '东城区', '和平街道', '幸福社区', '锦绣花园', '2号楼'),
];
const EXAMPLE_INDICATORS = [
  ['A01', '区县', '生态宜居', '人均公园绿地面积', '平方米', 8, '越高越好', 1],
  ['A02', '区县', '生态宜居', '空气质量优良天数比率', '%', 80, '越高越好', 2],
  ['A03', '区县', '生态宜居', '城市内涝积水点数量', '个', 0, '越低越好', 3],
  ['B01', '街道', '交通便捷', '公交站点500米覆盖率', '%', 90, '越高越好', 1],
  ['C01', '社区', '健康舒适', '社区卫生服务站覆盖率', '%', 100, '越高越好', 1],
];
const EXAMPLE_VALUES = [
  ['A01', ...path('示例省', '示例市', '东城区'), 9.5],
  ['A02', ...path('示例省', '示例市', '东城区'), 85],
  ['A03', ...path('示例省', '示例市', '东城区'), 2],
  ['A01', ...path('示例省', '示例市', '西城区'), 6.8],
  ['A02', ...path('示例省', '示例市', '西城区'), null],
  ['B01', ...path('示例省', '示例市', '东城区', '和平街道'), 92.5],
  ['C01', ...path('示例省', '示例市', '东城区', '和平街道', '幸福社区'), 100],
];

const levels = Object.values(LEVEL_WORDS).join('、');
const NOTES = [
  ['工作表', '列', '含义', '是否必填'],
  [SHEETS.regions, '省名称 … 楼栋号', `每行一个区域，从省起逐级填写到该区域所在的层级，以下各级留空。层级依次为：${REGION_COLUMNS.join('、')}。每个区域的上级也须单独成行（例如填写“东城区”前，须先有“示例省 / 示例市”一行）；同一区域不能重复`, '省名称必填'],
  [SHEETS.indicators, INDICATOR_COLUMNS.code, `指标的编码，最多 ${INDICATOR_TEXT_MAX.code} 个字符；同一层级内不能重复`, '必填'],
  [SHEETS.indicators, INDICATOR_COLUMNS.level, `指标所评价区域的层级：${levels}（也可填 1 到 7）`, '必填'],
  [SHEETS.indicators, INDICATOR_COLUMNS.dimension, `指标所属的体检维度，与“体检维度”标签名称一致，例如 生态宜居；最多 ${INDICATOR_TEXT_MAX.dimension} 个字符`, '必填'],
  [SHEETS.indicators, INDICATOR_COLUMNS.name, `指标名称，最多 ${INDICATOR_TEXT_MAX.name} 个字符`, '必填'],
  [SHEETS.indicators, INDICATOR_COLUMNS.unit, `计量单位，例如 %、平方米、个；最多 ${INDICATOR_TEXT_MAX.unit} 个字符`, '选填'],
  [SHEETS.indicators, INDICATOR_COLUMNS.standard, '评价的标准值，数字，保留两位小数', '必填'],
  [SHEETS.indicators, INDICATOR_COLUMNS.direction, `${DIRECTION_WORDS.higher}（数值不低于标准值为达标）或 ${DIRECTION_WORDS.lower}（数值不高于标准值为达标）`, '必填'],
  [SHEETS.indicators, INDICATOR_COLUMNS.sort, '指标在报告中的顺序，整数，小的在前；留空按行的顺序', '选填'],
  [SHEETS.values, VALUE_COLUMNS.code, `「${SHEETS.indicators}」表中的指标编码，其层级须与本行区域的层级相同`, '必填'],
  [SHEETS.values, '省名称 … 楼栋号', `区域，填法同「${SHEETS.regions}」表，须是「${SHEETS.regions}」表中的区域`, '省名称必填'],
  [SHEETS.values, VALUE_COLUMNS.value, '该区域该指标的数值，数字，保留两位小数；留空表示缺数（按未达标计）', '选填'],
  ['', '', `三张表合计最多 50000 行数据。再次导入会整体替换本项目已导入的数据；文件有任何错误时不做任何修改。`, ''],
];

/**
 * The template: the notes, then each data sheet with its header row and example rows that import
 * as they are. xlsx is loaded at the first download, not at the server's start.
 */
export async function warehouseTemplate(): Promise<Buffer> {
  const XLSX = await import('xlsx');
  const sheetOf = (rows: unknown[][], widths: number[]) => {
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    sheet['!cols'] = widths.map((wch) => ({ wch }));
    return sheet;
  };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheetOf(NOTES, [10, 16, 90, 10]), SHEETS.notes);
  XLSX.utils.book_append_sheet(book, sheetOf([REGION_COLUMNS, ...EXAMPLE_REGIONS], REGION_COLUMNS.map(() => 14)), SHEETS.regions);
  XLSX.utils.book_append_sheet(book, sheetOf([Object.values(INDICATOR_COLUMNS), ...EXAMPLE_INDICATORS], [10, 8, 12, 24, 10, 10, 10, 8]), SHEETS.indicators);
  XLSX.utils.book_append_sheet(
    book,
    sheetOf([[VALUE_COLUMNS.code, ...REGION_COLUMNS, VALUE_COLUMNS.value], ...EXAMPLE_VALUES], [10, ...REGION_COLUMNS.map(() => 14), 10]),
    SHEETS.values,
  );
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
