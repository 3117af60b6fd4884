/**
 * After `vite build`: how much JavaScript the browser fetches to show #/login.
 * That is the entry chunk from dist/index.html, the login page's lazy chunk,
 * and every chunk either of them imports statically, each gzipped. Fails above the budget
 * (issue 35: 200 kB).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const dist = join(import.meta.dirname, '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const loginSource = 'src/pages/auth/login.tsx';
const budgetBytes = 200_000;

if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `npx vite build` first.');
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entryFile = /<script[^>]+type="module"[^>]+src="\/?([^"]+)"/.exec(html)?.[1];
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && manifest[key].file === entryFile);

if (!entryKey || !manifest[loginSource]) {
  console.error(`Could not find the entry chunk (${entryFile}) or ${loginSource} in the manifest.`);
  process.exit(1);
}

const files = new Set<string>();
const visit = (key: string): void => {
  const chunk = manifest[key];
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  chunk.imports?.forEach(visit);
};
visit(entryKey);
visit(loginSource);

const bytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
console.log(`login screen JavaScript: ${files.size} files, ${(bytes / 1000).toFixed(1)} kB gzip`);
if (bytes > budgetBytes) {
  console.error(`Above the budget of ${budgetBytes / 1000} kB gzip.`);
  process.exit(1);
}
