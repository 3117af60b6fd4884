import { saveBlob } from '../../lib/save-blob';
import { CARD_COLUMNS, CARD_WIDTH, layoutDiagram } from './er-layout';
import type { Diagram } from './types';

/**
 * The ER diagram as a file: React Flow draws its cards as HTML, which no image format holds, so the
 * export draws the same layout (dagre's places, the same card rows) as one SVG of its own; the PNG
 * is that SVG drawn on a canvas at twice the size.
 */
const HEADER = 44;
const ROW = 22;
const MARGIN = 24;
const FONT = `'Noto Sans SC', 'WenQuanYi Micro Hei', 'Microsoft YaHei', 'PingFang SC', sans-serif`;

const escaped = (text: string) => text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[char]!);
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function diagramSvg(diagram: Diagram): { svg: string; width: number; height: number } {
  const { nodes, edges } = layoutDiagram(diagram);
  const right = Math.max(...nodes.map((node) => node.position.x + (node.width ?? CARD_WIDTH)));
  const bottom = Math.max(...nodes.map((node) => node.position.y + (node.height ?? 0)));
  const width = Math.ceil(right + MARGIN * 2);
  const height = Math.ceil(bottom + MARGIN * 2);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const parts: string[] = [];
  for (const edge of edges) {
    const from = byId.get(edge.source)!;
    const to = byId.get(edge.target)!;
    const x1 = from.position.x + (from.width ?? CARD_WIDTH) + MARGIN;
    const y1 = from.position.y + (from.height ?? 0) / 2 + MARGIN;
    const x2 = to.position.x + MARGIN;
    const y2 = to.position.y + (to.height ?? 0) / 2 + MARGIN;
    const middle = (x1 + x2) / 2;
    parts.push(`<path d="M${x1},${y1} H${middle} V${y2} H${x2 - 2}" fill="none" stroke="#8c8c8c" stroke-width="1.5" marker-end="url(#arrow)"/>`);
    parts.push(`<text x="${middle}" y="${(y1 + y2) / 2 - 4}" text-anchor="middle" font-size="11" fill="#595959">${escaped(String(edge.label ?? ''))}</text>`);
  }
  for (const node of nodes) {
    const x = node.position.x + MARGIN;
    const y = node.position.y + MARGIN;
    const w = node.width ?? CARD_WIDTH;
    const h = node.height ?? 0;
    const card = node.data;
    const keys = new Set(card.primaryKey);
    parts.push(`<g class="er-table"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="#fff" stroke="#1677ff"/>`);
    parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${HEADER}" rx="6" fill="#e6f4ff" stroke="#1677ff"/>`);
    parts.push(`<text x="${x + 8}" y="${y + (card.comment ? 19 : 27)}" font-size="13" font-weight="bold" fill="#000">${escaped(cut(card.name, 28))}</text>`);
    if (card.comment) parts.push(`<text x="${x + 8}" y="${y + 36}" font-size="11" fill="#8c8c8c">${escaped(cut(card.comment, 30))}</text>`);
    card.columns.slice(0, CARD_COLUMNS).forEach((column, index) => {
      const rowY = y + HEADER + index * ROW + 16;
      parts.push(`<text x="${x + 8}" y="${rowY}" font-size="12" fill="#262626">${keys.has(column.name) ? 'PK ' : ''}${escaped(cut(column.name, 22))}</text>`);
      parts.push(`<text x="${x + w - 8}" y="${rowY}" font-size="11" fill="#8c8c8c" text-anchor="end">${escaped(cut(column.type, 14))}</text>`);
    });
    const more = card.columns.length + card.moreColumns - CARD_COLUMNS;
    if (more > 0) parts.push(`<text x="${x + 8}" y="${y + HEADER + CARD_COLUMNS * ROW + 16}" font-size="11" fill="#8c8c8c">… 还有 ${more} 列</text>`);
    parts.push('</g>');
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escaped(FONT)}">` +
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#8c8c8c"/></marker></defs>` +
    `<rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
  return { svg, width, height };
}

export function saveDiagramSvg(diagram: Diagram, fileName: string): void {
  saveBlob(new Blob([diagramSvg(diagram).svg], { type: 'image/svg+xml;charset=utf-8' }), fileName);
}

/** The SVG drawn on a canvas (twice its size, for sharp text) and saved as PNG. */
export async function saveDiagramPng(diagram: Diagram, fileName: string): Promise<void> {
  const { svg, width, height } = diagramSvg(diagram);
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('SVG 无法绘制'));
  });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await loaded;
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = height * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('无法创建画布');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('PNG 生成失败');
  saveBlob(blob, fileName);
}
