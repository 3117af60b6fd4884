import { FileImageOutlined, RollbackOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, theme, Tooltip as Hint } from 'antd';
import { useRef, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Label, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { REGION_LEVEL_NAMES, type RegionLevel, type RegionPath, type ResultStatistics } from '../../../../contract/results';
import { feedback } from '../../../lib/feedback';
import { dimensionTable, exportPng, exportTable, isOnlyRegion, regionTable, shareTable, type ChartTable } from './chart-export';

const HEIGHT = 220;

/** The title of the per-region chart: the level its regions are at (各区县成果数). */
export function regionChartTitle(stats: ResultStatistics): string {
  const level = stats.by_region[0]?.path.length as RegionLevel | undefined;
  const name = level && REGION_LEVEL_NAMES[level] ? REGION_LEVEL_NAMES[level].replace(/名称|号$/, '') : '区域';
  return `各${name}成果数`;
}

interface ChartCardProps {
  title: string;
  empty: boolean;
  /** 导出数据: the chart's rows. */
  table: ChartTable;
  /** Lines written beside the chart in 导出图片 (what the card shows outside the SVG). */
  legend?: string[];
  /** More buttons before the exports (上一级 on the region chart). */
  extra?: ReactNode;
  /** A hint that bars filter the page. */
  clickable?: boolean;
  children: ReactNode;
}

/** A chart in a card titled `title`, with 导出图片 (PNG) and 导出数据 (xlsx) in its corner. */
function ChartCard({ title, empty, table, legend, extra, clickable, children }: ChartCardProps) {
  const { token } = theme.useToken();
  const figure = useRef<HTMLDivElement>(null);
  const savePng = async () => {
    if (!figure.current) return;
    try {
      const look = { background: token.colorBgContainer, text: token.colorText, secondary: token.colorTextSecondary, fontFamily: token.fontFamily };
      await exportPng(figure.current, title, look, legend);
    } catch (error) {
      feedback.error(error instanceof Error ? error.message : '图表图片生成失败');
    }
  };
  const actions = (
    <Space size={0}>
      {extra}
      <Hint title="导出图片">
        <Button type="text" size="small" icon={<FileImageOutlined />} aria-label="导出图片" disabled={empty} onClick={() => void savePng()} />
      </Hint>
      <Hint title="导出数据">
        <Button type="text" size="small" icon={<TableOutlined />} aria-label="导出数据" disabled={empty} onClick={() => void exportTable(title, table)} />
      </Hint>
    </Space>
  );
  return (
    <Card
      ref={figure}
      size="small"
      title={title}
      extra={actions}
      className={clickable ? 'results-chart results-chart--clickable' : 'results-chart'}
      role="figure"
      aria-label={title}
      aria-description={clickable && !empty ? '点击柱条按其筛选，再次点击取消' : undefined}
    >
      {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> : children}
    </Card>
  );
}

interface ChartsProps {
  stats: ResultStatistics;
  /** The page's filter, which the bars set and clear. */
  dimensionId?: number;
  regions: RegionPath[];
  /** A dimension's bar was clicked: filter by it, or clear the filter (undefined) when it was the filter. */
  onDimension: (id: number | undefined) => void;
  /** A region's bar was clicked (or 上一级): filter by these regions ([] for none). */
  onRegions: (regions: RegionPath[]) => void;
}

/** The region above `path` as a filter: none at the city or above, where the chart starts. */
const parentFilter = (path: RegionPath): RegionPath[] => (path.length > 3 ? [path.slice(0, -1)] : []);

/**
 * The three charts above the cards of 成果统计: reports per dimension, reports per region one
 * level down, and the share of indicators meeting their standard (recharts, loaded with the screen).
 */
export default function ResultCharts({ stats, dimensionId, regions: filterRegions, onDimension, onRegions }: ChartsProps) {
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
  const dimensions = stats.by_dimension.map((entry) => ({ id: entry.id, name: entry.name, count: entry.count }));
  const regions = stats.by_region.map((entry) => ({ name: entry.name, path: entry.path, count: entry.count }));
  // Clicking the filter's own bar clears it; another bar filters by it (a region: drilling into it).
  const clickDimension = (id: number) => onDimension(id === dimensionId ? undefined : id);
  const clickRegion = (path: RegionPath) => onRegions(isOnlyRegion(filterRegions, path) ? parentFilter(path) : [path]);
  const single = filterRegions.length === 1 ? filterRegions[0] : undefined;
  const up = single && single.length >= 3 && (
    <Hint title="返回上一级区域">
      <Button type="text" size="small" icon={<RollbackOutlined />} aria-label="上一级" onClick={() => onRegions(parentFilter(single))} />
    </Hint>
  );

  return (
    <div className="results-charts">
      <ChartCard title="各维度成果数" empty={dimensions.every((entry) => entry.count === 0)} table={dimensionTable(stats)} clickable>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={dimensions} layout="vertical" margin={{ left: 8, right: 24 }}>
            <CartesianGrid horizontal={false} stroke={token.colorBorderSecondary} />
            <XAxis type="number" allowDecimals={false} tick={axis} stroke={token.colorBorder} />
            <YAxis type="category" dataKey="name" width={72} tick={axis} stroke={token.colorBorder} interval={0} />
            <Tooltip {...tooltip} formatter={(value) => [`${String(value)} 份`, '成果']} />
            <Bar
              dataKey="count"
              name="成果"
              isAnimationActive={false}
              fill={token.colorPrimary}
              radius={[0, 4, 4, 0]}
              maxBarSize={18}
              onClick={(bar) => clickDimension((bar.payload as (typeof dimensions)[number]).id)}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title={regionChartTitle(stats)} empty={regions.length === 0} table={regionTable(stats)} extra={up} clickable>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={regions} margin={{ right: 8 }}>
            <CartesianGrid vertical={false} stroke={token.colorBorderSecondary} />
            <XAxis dataKey="name" tick={axis} stroke={token.colorBorder} interval={0} angle={regions.length > 6 ? -30 : 0} textAnchor={regions.length > 6 ? 'end' : 'middle'} height={regions.length > 6 ? 56 : 30} />
            <YAxis allowDecimals={false} tick={axis} stroke={token.colorBorder} width={36} />
            <Tooltip {...tooltip} formatter={(value) => [`${String(value)} 份`, '成果']} />
            <Bar
              dataKey="count"
              name="成果"
              isAnimationActive={false}
              fill={token.colorInfo}
              radius={[4, 4, 0, 0]}
              maxBarSize={36}
              onClick={(bar) => clickRegion((bar.payload as (typeof regions)[number]).path)}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="指标达标率"
        empty={total === 0}
        table={shareTable(stats)}
        legend={[...shares.map((entry) => `${entry.name} ${entry.value} 项`), `指标总数 ${total} 项`, `达标率 ${share}%`]}
      >
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
