import sharp from 'sharp';
import { svgText } from './demo-font';
import { CHART_WORDS, type DemoMaterial } from './demo-library-content';

const WIDTH = 1200;
const HEIGHT = 800;

/** Colour sets of the pictures, picked by a material's variant. */
const SKIES = [
  ['#8ec5fc', '#e0f1ff'],
  ['#f6d365', '#fda085'],
  ['#a1c4fd', '#c2e9fb'],
  ['#d4fc79', '#96e6a1'],
  ['#141e30', '#35577d'],
];
const FACADES = ['#c9b79c', '#9aa5b1', '#d8a48f', '#b5c99a', '#7d8597', '#e9c46a', '#8d99ae'];
const SERIES = ['#2f6fb5', '#2a9d8f', '#e76f51', '#8e5ea2'];

/** The same shapes on every machine. */
function numbers(seed: number): () => number {
  let state = seed * 7919 + 17;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Centred, so cards that crop the picture to their own shape keep the name. */
const caption = (name: string) =>
  `<rect x="0" y="${HEIGHT - 84}" width="${WIDTH}" height="84" fill="#000" fill-opacity="0.45"/>${svgText(name, WIDTH / 2, HEIGHT - 28, 40, '#fff', 'middle')}`;

function street(material: DemoMaterial): string {
  const random = numbers(material.variant + 1);
  const [top, bottom] = SKIES[material.variant % SKIES.length];
  const night = material.variant === 4;
  const parts = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
    `<circle cx="${200 + random() * 800}" cy="${90 + random() * 60}" r="46" fill="${night ? '#f1f1d4' : '#fff3b0'}"/>`,
  ];
  for (let x = -20; x < WIDTH; ) {
    const w = 90 + random() * 120;
    const h = 180 + random() * 300;
    const facade = FACADES[Math.floor(random() * FACADES.length)];
    parts.push(`<rect x="${x}" y="${560 - h}" width="${w}" height="${h}" fill="${facade}"/>`);
    for (let wy = 560 - h + 20; wy < 530; wy += 36) {
      for (let wx = x + 12; wx < x + w - 22; wx += 30) {
        parts.push(`<rect x="${wx}" y="${wy}" width="16" height="20" fill="${night && random() > 0.4 ? '#ffd166' : '#eef4f8'}" fill-opacity="0.85"/>`);
      }
    }
    x += w + 6;
  }
  parts.push(`<rect y="560" width="${WIDTH}" height="${HEIGHT - 560}" fill="#5c6470"/>`, `<rect y="552" width="${WIDTH}" height="14" fill="#b9b4aa"/>`);
  for (let x = 20; x < WIDTH; x += 140) parts.push(`<rect x="${x}" y="650" width="80" height="10" fill="#f4f4f4"/>`);
  for (let x = 60; x < WIDTH; x += 190 + random() * 60) {
    parts.push(`<rect x="${x - 5}" y="500" width="10" height="60" fill="#6b4f3a"/><circle cx="${x}" cy="480" r="${34 + random() * 14}" fill="#3f8f4f" fill-opacity="0.92"/>`);
  }
  return parts.join('') + caption(material.name);
}

function aerial(material: DemoMaterial): string {
  const random = numbers(material.variant + 11);
  const parts = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="#7f9c6c"/>`];
  for (let y = 0; y < HEIGHT; y += 130) {
    for (let x = 0; x < WIDTH; x += 150) {
      const park = random() > 0.82;
      parts.push(`<rect x="${x + 14}" y="${y + 14}" width="122" height="102" fill="${park ? '#4f7d46' : '#b7b2a6'}"/>`);
      if (!park) {
        for (let i = 0; i < 4; i++) {
          parts.push(`<rect x="${x + 20 + random() * 70}" y="${y + 20 + random() * 55}" width="${24 + random() * 30}" height="${20 + random() * 26}" fill="${FACADES[Math.floor(random() * FACADES.length)]}" stroke="#6d6a63" stroke-width="2"/>`);
        }
      }
    }
  }
  for (let x = 0; x <= WIDTH; x += 150) parts.push(`<rect x="${x - 7}" y="0" width="14" height="${HEIGHT}" fill="#d9d6cf"/>`);
  for (let y = 0; y <= HEIGHT; y += 130) parts.push(`<rect x="0" y="${y - 7}" width="${WIDTH}" height="14" fill="#d9d6cf"/>`);
  if (material.variant !== 1) {
    parts.push(`<path d="M0 ${420 + material.variant * 40} C 300 ${300 + random() * 80}, 700 ${620 - random() * 80}, ${WIDTH} 460 L ${WIDTH} 560 C 700 ${700 - random() * 60}, 300 ${420 + random() * 60}, 0 ${520 + material.variant * 40} Z" fill="#4a90c2"/>`);
  }
  return parts.join('') + caption(material.name);
}

function chart(material: DemoMaterial): string {
  const random = numbers(material.variant + 21);
  const labels = [CHART_WORDS.ageGroups, CHART_WORDS.years, CHART_WORDS.commute, CHART_WORDS.years.slice(0, 4)][material.variant % 4];
  const left = 140;
  const base = 640;
  const parts = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`, svgText(material.name, WIDTH / 2, 90, 44, '#1f2d3d', 'middle')];
  for (let i = 0; i <= 4; i++) {
    const y = base - i * 110;
    parts.push(`<line x1="${left}" y1="${y}" x2="${WIDTH - 80}" y2="${y}" stroke="#d9dee5" stroke-width="2"/>`, svgText(String(i * 25), left - 20, y + 8, 22, '#6b7785', 'end'));
  }
  const slot = (WIDTH - 80 - left) / labels.length;
  const series = material.variant === 3 ? 2 : 1;
  labels.forEach((label, i) => {
    for (let s = 0; s < series; s++) {
      const height = 80 + random() * 340;
      const barWidth = (slot * 0.56) / series;
      const x = left + i * slot + slot * 0.22 + s * barWidth;
      parts.push(`<rect x="${x}" y="${base - height}" width="${barWidth - 4}" height="${height}" rx="6" fill="${SERIES[(material.variant + s) % SERIES.length]}"/>`);
    }
    parts.push(svgText(label, left + i * slot + slot / 2, base + 44, 26, '#33404d', 'middle'));
  });
  if (material.variant === 1) {
    const points = labels.map((_, i) => `${left + i * slot + slot / 2},${base - 200 - random() * 200}`).join(' ');
    parts.push(`<polyline points="${points}" fill="none" stroke="#e76f51" stroke-width="6"/>`);
  }
  parts.push(svgText(CHART_WORDS.source, WIDTH - 80, HEIGHT - 40, 22, '#8a96a3', 'end'));
  return parts.join('');
}

/** A demo picture: street scenes and aerial views as JPEG, charts as PNG, each with its Chinese name drawn in. */
export async function materialImage(material: DemoMaterial): Promise<{ bytes: Buffer; extension: 'jpg' | 'png' }> {
  const body = material.scene === 'street' ? street(material) : material.scene === 'aerial' ? aerial(material) : chart(material);
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`);
  const image = sharp(svg);
  return material.scene === 'chart'
    ? { bytes: await image.png({ compressionLevel: 6 }).toBuffer(), extension: 'png' }
    : { bytes: await image.jpeg({ quality: 84 }).toBuffer(), extension: 'jpg' };
}
