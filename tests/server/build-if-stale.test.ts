import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/build-if-stale.ts');
const project = mkdtempSync(path.join(os.tmpdir(), 'build-if-stale-'));
symlinkSync(realpathSync('node_modules'), path.join(project, 'node_modules'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** `npm start`'s first step in a tiny Vite project: answers what it printed. */
const startStep = () => execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: project, encoding: 'utf8', stdio: 'pipe' });
const built = () => statSync(path.join(project, 'dist', 'index.html')).mtimeMs;

describe('npm start builds the app only when its sources changed', () => {
  it('builds a fresh clone, skips the build on a restart, and builds again after an edit', () => {
    writeFileSync(path.join(project, 'index.html'), '<!doctype html><html><body>报告工作台</body></html>');
    expect(startStep()).not.toContain('跳过构建');
    const first = built();

    expect(startStep()).toContain('网页已是最新构建，跳过构建');
    expect(built()).toBe(first);

    writeFileSync(path.join(project, 'index.html'), '<!doctype html><html><body>报告工作台 v2</body></html>');
    expect(startStep()).not.toContain('跳过构建');
    expect(readFileSync(path.join(project, 'dist', 'index.html'), 'utf8')).toContain('v2');
  });
});
