import { reportPdf } from '../server/db/seed/demo-pdf';
import { renderResultReport } from '../server/modules/results/report-pdf';
import type { IndicatorValue, ResultReportInput } from '../server/modules/results/types';

/**
 * One row of the report-pdf benchmark in a process of its own, so its peak RSS is its own:
 * `baseline` (the seed's demo PDF writer) or `result <indicators>`, rendered `count` times after
 * a short warm-up. Answers one JSON line on stdout.
 */
const [kind, indicatorArg, countArg] = process.argv.slice(2);
const count = Number(countArg);
const WARMUP = 3;

const NAMES = [
  ['人均公园绿地面积', '平方米/人', 12, 'higher'],
  ['公园绿化活动场地服务半径覆盖率', '%', 90, 'higher'],
  ['城市生活污水集中收集率', '%', 70, 'higher'],
  ['空气质量优良天数比率', '%', 85, 'higher'],
  ['地表水达到或好于Ⅲ类水体比例', '%', 80, 'higher'],
  ['新建建筑中绿色建材应用比例', '%', 60, 'higher'],
  ['城市噪声平均值', '分贝', 55, 'lower'],
  ['平均通勤时间', '分钟', 45, 'lower'],
  ['社区卫生服务中心门诊分担率', '%', 50, 'higher'],
  ['城市内涝积水点密度', '个/平方公里', 0.5, 'lower'],
] as const;
const COMMUNITIES = ['和平社区', '光明社区', '幸福社区', '新华社区', '友谊社区', '团结社区', '建设社区', '胜利社区'];

function input(i: number, indicators: number): ResultReportInput {
  const values: IndicatorValue[] = Array.from({ length: indicators }, (_, k) => {
    const [name, unit, standard, direction] = NAMES[k % NAMES.length];
    const spread = ((i * 31 + k * 17) % 60) / 100 - 0.3;
    return {
      code: `i${k}`,
      name: k < NAMES.length ? name : `${name}（${Math.floor(k / NAMES.length) + 1}）`,
      unit,
      standard,
      direction,
      value: (i + k) % 11 === 0 ? null : Math.round(standard * (1 + spread) * 100) / 100,
    };
  });
  return {
    projectName: '示例市城市体检',
    region: ['示例省', '示例市', '东城区', '和平街道', COMMUNITIES[i % COMMUNITIES.length]],
    levelName: '社区名称',
    dimension: '生态宜居',
    reportType: '社区体检报告',
    date: new Date(Date.UTC(2025, 5, 8)),
    indicators: values,
  };
}

async function once(i: number): Promise<number> {
  if (kind === 'baseline') {
    const dimensions = ['生态宜居', '健康舒适', '安全韧性', '交通便捷', '风貌特色', '整洁有序', '多元包容', '创新活力'];
    return (await reportPdf({ title: '2024年度城市体检报告', dimensions, year: 2025, month: 6, variant: i })).length;
  }
  return (await renderResultReport(input(i, Number(indicatorArg)))).pdf.length;
}

for (let i = 0; i < WARMUP; i++) await once(i);
let bytes = 0;
const started = performance.now();
for (let i = 0; i < count; i++) bytes += await once(i);
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ ms, meanMs: ms / count, meanBytes: bytes / count, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
