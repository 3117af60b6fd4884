import { inZone } from '../../lib/dates';
import { formatPercent, metLine, tally, verdictOf, type Verdict } from './tally.mjs';
import type { IndicatorValue, ResultReportInput } from './types';

/** The words and sentences of a generated report, apart from where the PDF draws them. */

export { formatPercent, metLine, tally, verdictOf, type Verdict };
export const VERDICT_NAMES: Record<Verdict, string> = { met: '达标', unmet: '未达标', missing: '无数据' };

export const TABLE_HEADER = ['指标名称', '现状值', '标准值', '单位', '是否达标'];
export const SIGN = { higher: '≥', lower: '≤' } as const;

const numberFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
export const formatNumber = (value: number) => numberFormat.format(value);
export const formatStandard = (indicator: IndicatorValue) => `${SIGN[indicator.direction]} ${formatNumber(indicator.standard)}`;

/** yyyy年M月d日 in the zone. */
export const formatDay = (date: Date, timeZone = 'Asia/Shanghai') => inZone(date, timeZone).format('YYYY年M月D日');

export const regionTitle = (input: ResultReportInput) => input.region.join(' ');
export const reportTitle = (input: ResultReportInput) => `${input.dimension} 体检报告`;

/** How far an unmet indicator misses, relative to its standard (0 when the standard is 0). */
const shortfall = (indicator: IndicatorValue) =>
  indicator.standard === 0 ? 0 : Math.abs((indicator.value ?? 0) - indicator.standard) / Math.abs(indicator.standard);

/** The unmet indicators, farthest from their standard first; those without a value last. */
export function shortfalls(indicators: IndicatorValue[]): IndicatorValue[] {
  const unmet = indicators.filter((indicator) => verdictOf(indicator) === 'unmet').sort((a, b) => shortfall(b) - shortfall(a));
  return [...unmet, ...indicators.filter((indicator) => indicator.value === null)];
}

const withUnit = (value: number, unit: string) => `${formatNumber(value)}${unit === '%' ? '%' : unit ? ` ${unit}` : ''}`;

/** One sentence about a shortfall: where the value is, which way it misses, by how much. */
export function shortfallSentence(indicator: IndicatorValue): string {
  const standard = `${SIGN[indicator.direction]} ${withUnit(indicator.standard, indicator.unit)}`;
  if (indicator.value === null) return `${indicator.name}：暂无现状数据（标准 ${standard}），无法判断是否达标，需补充采集后复核。`;
  const gap = Math.abs(indicator.value - indicator.standard);
  const relative = indicator.standard === 0 ? '' : `，差距 ${formatPercent(gap, Math.abs(indicator.standard))}`;
  return indicator.direction === 'higher'
    ? `${indicator.name}：现状 ${withUnit(indicator.value, indicator.unit)}，低于标准（${standard}）${withUnit(gap, indicator.unit)}${relative}，需提升。`
    : `${indicator.name}：现状 ${withUnit(indicator.value, indicator.unit)}，超出标准（${standard}）${withUnit(gap, indicator.unit)}${relative}，需压减。`;
}

/** The opening of the conclusion: everything met, or how many fall short. */
export function conclusionLead(input: ResultReportInput, met: number, total: number): string {
  const place = input.region[input.region.length - 1] ?? '';
  if (total === 0) return `${place}暂无${input.dimension}维度的体检指标。`;
  if (met === total) return `${place}${input.dimension}维度的 ${total} 项指标全部达到标准，整体表现良好，建议保持现有水平并持续监测。`;
  const { unmet, missing } = tally(input.indicators);
  const parts = [unmet ? `${unmet} 项未达到标准` : '', missing ? `${missing} 项暂无数据` : ''].filter(Boolean).join('，');
  return `${place}${input.dimension}维度共 ${total} 项指标，达标 ${met} 项，${parts}。以下短板按差距从大到小排列，建议优先补齐：`;
}
