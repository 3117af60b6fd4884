// 达标 counts: the one rule of the generated reports and of the demo workflow's log.
// Plain JavaScript with no imports, as the demo script carries this very text into its sandbox
// (server/db/seed/demo-workflow.ts): keep it self-contained.

/** 达标 (met), 未达标 (unmet), or 无数据 (missing: no value, which is never 达标). */
export function verdictOf(indicator) {
  if (indicator.value === null || indicator.value === undefined || indicator.value === '') return 'missing';
  const value = Number(indicator.value);
  const standard = Number(indicator.standard);
  return (indicator.direction === 'lower' ? value <= standard : value >= standard) ? 'met' : 'unmet';
}

/** Every indicator counts in the total, those with no value too. */
export function tally(indicators) {
  const counts = { met: 0, unmet: 0, missing: 0, total: indicators.length };
  for (const indicator of indicators) counts[verdictOf(indicator)] += 1;
  return counts;
}

const numberFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** part of whole as a percentage with at most one decimal (0% of nothing). */
export function formatPercent(part, whole) {
  return whole ? `${numberFormat.format(Math.round((part / whole) * 1000) / 10)}%` : '0%';
}

export function metLine(met, total) {
  return `达标 ${met} 项 / 共 ${total} 项`;
}

/** The counts in words: 达标 4 项 / 共 6 项（66.7%），1 项未达标，1 项暂无数据. */
export function tallyLine(counts) {
  const rest = [counts.unmet ? `${counts.unmet} 项未达标` : '', counts.missing ? `${counts.missing} 项暂无数据` : ''].filter(Boolean);
  return `${metLine(counts.met, counts.total)}（${formatPercent(counts.met, counts.total)}）${rest.map((part) => `，${part}`).join('')}`;
}
