// 汇总指标达标率：示例工作流的脚本（纯 Node.js，只用 node: 内置模块）。
// 输入（标准输入上的 JSON，也在工作目录的 inputs.json 中）：
//   rows       指标值表 indicator_value 的行（JSON 字符串）
//   catalogue  指标目录表 indicator_catalogue 的行（JSON 字符串）
//   dimension  体检维度名称，如 生态宜居
// 输出（标准输出的最后一行，一个 JSON 对象）：
//   summary    一句中文小结
//   regions    达标率最低的两个区县的区域路径（JSON 字符串），交给成果生成任务
/* global console, process */
import { readFileSync } from 'node:fs';
// The reports' own rule; the seed writes this module's text in place of the import (a sandboxed script is one file).
import { formatPercent, tally, tallyLine } from '../../../modules/results/tally.mjs';

const DISTRICT_LEVEL = 3;
const PICK = 2;

const inputs = JSON.parse(readFileSync(0, 'utf8'));
const rows = JSON.parse(inputs.rows);
const catalogue = JSON.parse(inputs.catalogue);
const dimension = String(inputs.dimension ?? '').trim();

const indicators = new Map(
  catalogue
    .filter((item) => item.dimension === dimension && Number(item.level) === DISTRICT_LEVEL)
    .map((item) => [item.code, { name: item.name, standard: Number(item.standard), direction: item.direction }]),
);
if (indicators.size === 0) {
  console.error(`指标目录中没有「${dimension}」维度区县级的指标`);
  process.exit(1);
}
console.log(`读取指标值 ${rows.length} 行、指标目录 ${catalogue.length} 条；「${dimension}」区县级指标 ${indicators.size} 项`);

// Every district with a value row; each is rated on every indicator of the dimension, one without a value is 无数据.
const values = new Map();
for (const row of rows) {
  if (Number(row.level) !== DISTRICT_LEVEL || !indicators.has(row.indicator_code)) continue;
  const path = [row['省名称'], row['城市名称'], row['区县名称']];
  const key = path.join('/');
  const district = values.get(key) ?? { path, byCode: new Map() };
  district.byCode.set(row.indicator_code, row.value);
  values.set(key, district);
}
if (values.size === 0) {
  console.error(`指标值中没有「${dimension}」维度区县级的数据`);
  process.exit(1);
}
const districts = [...values.values()].map(({ path, byCode }) => ({
  path,
  ...tally([...indicators].map(([code, indicator]) => ({ ...indicator, value: byCode.get(code) ?? null }))),
}));

const share = (district) => district.met / district.total;
const ranked = districts.sort((a, b) => share(a) - share(b) || a.path[2].localeCompare(b.path[2], 'zh'));
for (const district of ranked) console.log(`${district.path[2]}：${tallyLine(district)}`);

const lowest = ranked.slice(0, PICK);
const average = Math.round((ranked.reduce((sum, district) => sum + share(district), 0) / ranked.length) * 100);
const summary = `「${dimension}」维度 ${ranked.length} 个区县平均达标率 ${average}%，最低的是 ${lowest.map((district) => `${district.path[2]}（${formatPercent(district.met, district.total)}）`).join('、')}，已选为成果生成区域`;
console.log(JSON.stringify({ summary, regions: JSON.stringify(lowest.map((district) => district.path)) }));
