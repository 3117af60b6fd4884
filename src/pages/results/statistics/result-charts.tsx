import { Card, Empty, theme } from 'antd';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Label, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { REGION_LEVEL_NAMES, type RegionLevel, type ResultStatistics } from '../../../../contract/results';

const HEIGHT = 220;

/** The title of the per-region chart: the level its regions are at (各区县成果数). */
export function regionChartTitle(stats: ResultStatistics): string {
  const level = stats.by_region[0]?.path.length as RegionLevel | undefined;
  const name = level && REGION_LEVEL_NAMES[level] ? REGION_LEVEL_NAMES[level].replace(/名称|号$/, '') : '区域';
  return `各${name}成果数`;
}

function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Card size="small" title={title} className="results-chart" role="figure" aria-label={title}>
      {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> : children}
    </Card>
  );
}

/**
 * The three charts above the cards of 成果统计: reports per dimension, reports per region one
 * level down, and the share of indicators meeting their standard (recharts, loaded with the screen).
 */
export default function ResultCharts({ stats }: { stats: ResultStatistics }) {
  const { token } = theme.useToken();
  const axis = { fontSize: 12, fill: token.colorTextSecondary };
  const tooltip = {
    contentStyle: { background: token.colorBgElevated, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: 6 },
    labelStyle: { color: token.colorText },
    itemStyle: { color: token.colorText },
    cursor: { fill: token.colorFillTertiary },
  };
  const { met, total } = stats.indicators;
  const share = total ? Math.round((met / total) * 100) : 0;
  const shares = [
    { name: '达标', value: met, color: token.colorSuccess },
    { name: '未达标', value: total - met, color: token.colorError },
  ];
  const dimensions = stats.by_dimension.map((entry) => ({ name: entry.name, count: entry.count }));
  const regions = stats.by_region.map((entry) => ({ name: entry.name, count: entry.count }));

  return (
    <div className="results-charts">
      <ChartCard title="各维度成果数" empty={dimensions.every((entry) => entry.count === 0)}>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={dimensions} layout="vertical" margin={{ left: 8, right: 24 }}>
            <CartesianGrid horizontal={false} stroke={token.colorBorderSecondary} />
            <XAxis type="number" allowDecimals={false} tick={axis} stroke={token.colorBorder} />
            <YAxis type="category" dataKey="name" width={72} tick={axis} stroke={token.colorBorder} interval={0} />
            <Tooltip {...tooltip} formatter={(value) => [`${String(value)} 份`, '成果']} />
            <Bar dataKey="count" name="成果" isAnimationActive={false} fill={token.colorPrimary} radius={[0, 4, 4, 0]} maxBarSize={18} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title={regionChartTitle(stats)} empty={regions.length === 0}>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={regions} margin={{ right: 8 }}>
            <CartesianGrid vertical={false} stroke={token.colorBorderSecondary} />
            <XAxis dataKey="name" tick={axis} stroke={token.colorBorder} interval={0} angle={regions.length > 6 ? -30 : 0} textAnchor={regions.length > 6 ? 'end' : 'middle'} height={regions.length > 6 ? 56 : 30} />
            <YAxis allowDecimals={false} tick={axis} stroke={token.colorBorder} width={36} />
            <Tooltip {...tooltip} formatter={(value) => [`${String(value)} 份`, '成果']} />
            <Bar dataKey="count" name="成果" isAnimationActive={false} fill={token.colorInfo} radius={[4, 4, 0, 0]} maxBarSize={36} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title="指标达标率" empty={total === 0}>
        <div className="results-chart__share">
          <ResponsiveContainer width="60%" height={HEIGHT}>
            <PieChart>
              <Pie data={shares} dataKey="value" nameKey="name" innerRadius="62%" outerRadius="88%" startAngle={90} endAngle={-270} stroke="none" isAnimationActive={false}>
                {shares.map((entry) => (
                  <Cell key={entry.name} fill={entry.color} />
                ))}
                <Label value={`${share}%`} position="center" fill={token.colorText} fontSize={26} fontWeight={600} />
              </Pie>
              <Tooltip {...tooltip} formatter={(value, name) => [`${String(value)} 项`, String(name)]} />
            </PieChart>
          </ResponsiveContainer>
          <dl className="results-chart__legend">
            {shares.map((entry) => (
              <div key={entry.name}>
                <dt>
                  <span className="results-chart__dot" style={{ background: entry.color }} />
                  {entry.name}
                </dt>
                <dd>{entry.value} 项</dd>
              </div>
            ))}
            <div>
              <dt>指标总数</dt>
              <dd>{total} 项</dd>
            </div>
          </dl>
        </div>
      </ChartCard>
    </div>
  );
}
