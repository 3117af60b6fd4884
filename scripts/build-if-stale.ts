import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm start` builds the app only when its sources changed since the last build: a restart on
 * existing data then takes seconds, not a build. The stamp is a hash of every input's bytes, so
 * a checkout, a pull or an edit rebuilds and nothing else does.
 */
const INPUTS = ['src', 'public', 'contract', 'index.html', 'vite.config.ts', 'scripts/vite-micro-frontend.ts', 'scripts/vite-antd-styles.ts', 'tsconfig.json', 'package-lock.json'];
const STAMP = path.join('dist', '.sources-hash');

function addFiles(hash: ReturnType<typeof createHash>, entry: string): void {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) addFiles(hash, path.join(entry, name));
    return;
  }
  hash.update(entry).update('\0').update(readFileSync(entry)).update('\0');
}

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) addFiles(hash, input);
  return hash.digest('hex');
}

/** Builds the app into dist/ unless the stamp says it was built from these very sources. */
export function buildIfStale(): void {
  const current = sourcesHash();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === current && existsSync(path.join('dist', 'index.html'))) {
    console.log('网页已是最新构建，跳过构建');
    return;
  }
  execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  writeFileSync(STAMP, current);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildIfStale();
