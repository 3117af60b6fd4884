import type { RegionPath, ResultStatistics } from '../../../../contract/results';
import { saveBlob } from '../../../lib/save-blob';
import { downloadSheet, type SheetValue } from '../../../lib/spreadsheet/write';

/** A chart's data as a sheet: Chinese column headers, one row per bar or slice. */
export interface ChartTable {
  header: string[];
  rows: SheetValue[][];
}

export function dimensionTable(stats: ResultStatistics): ChartTable {
  return { header: ['体检维度', '成果数（份）'], rows: stats.by_dimension.map((entry) => [entry.name, entry.count]) };
}

export function regionTable(stats: ResultStatistics): ChartTable {
  return {
    header: ['区域', '完整路径', '成果数（份）'],
    rows: stats.by_region.map((entry) => [entry.name, entry.path.join('/'), entry.count]),
  };
}

export function shareTable(stats: ResultStatistics): ChartTable {
  const { met, total } = stats.indicators;
  return {
    header: ['类别', '指标数（项）'],
    rows: [
      ['达标', met],
      ['未达标', total - met],
      ['指标总数', total],
      ['达标率', total ? `${Math.round((met / total) * 100)}%` : '0%'],
    ],
  };
}

/** 导出数据: `{title}.xlsx` through the app's sheet writer (values only, never formulas). */
export function exportTable(title: string, table: ChartTable): Promise<void> {
  return downloadSheet(`${title}.xlsx`, table.header, table.rows);
}

export interface PngLook {
  background: string;
  text: string;
  secondary: string;
  fontFamily: string;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('图表图片生成失败'));
    image.src = src;
  });
}

/**
 * 导出图片: the chart as `{title}.png`. recharts draws SVG and has no export of its own, so the
 * chart's SVG (its colours are attributes, from the theme's tokens) is drawn on a canvas at twice
 * its size on the card's background, under the card's title; `legend` lines (the share chart's
 * counts, which are HTML beside the SVG) are written on its right.
 */
export async function exportPng(figure: HTMLElement, title: string, look: PngLook, legend: string[] = []): Promise<void> {
  const svg = figure.querySelector<SVGSVGElement>('svg.recharts-surface');
  if (!svg) throw new Error('图表尚未绘制');
  const box = svg.getBoundingClientRect();
  const width = Math.ceil(box.width) || Number(svg.getAttribute('width')) || 400;
  const height = Math.ceil(box.height) || Number(svg.getAttribute('height')) || 220;
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.style.fontFamily = look.fontFamily;
  const image = await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`);

  const scale = 2;
  const pad = 16;
  const head = 36;
  const legendWidth = legend.length ? 160 : 0;
  const canvas = document.createElement('canvas');
  canvas.width = (width + legendWidth + pad * 2) * scale;
  canvas.height = (height + head + pad) * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('浏览器不支持导出图片');
  context.scale(scale, scale);
  context.fillStyle = look.background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = look.text;
  context.font = `600 14px ${look.fontFamily}`;
  context.textBaseline = 'middle';
  context.fillText(title, pad, head / 2 + 4);
  context.drawImage(image, pad, head, width, height);
  context.font = `13px ${look.fontFamily}`;
  context.fillStyle = look.secondary;
  legend.forEach((line, index) => context.fillText(line, pad + width + 8, head + height / 2 + (index - (legend.length - 1) / 2) * 24));
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('图表图片生成失败');
  saveBlob(blob, `${title}.png`);
}

/** Whether `regions` (the page's filter) is exactly the one region `path`. */
export function isOnlyRegion(regions: RegionPath[], path: RegionPath): boolean {
  return regions.length === 1 && regions[0].length === path.length && regions[0].every((name, index) => name === path[index]);
}
