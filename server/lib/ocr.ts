import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Simplified Chinese alone (Debian tesseract-ocr-chi-sim): it reads Latin letters and digits too, and adding eng made tesseract read Chinese lines as Latin garbage. */
const LANGUAGES = 'chi_sim';
const OCR_TIMEOUT_MS = 120_000;
/** tesseract's niceness (0 is the server's, 19 the lowest priority). */
export const OCR_NICENESS = 10;

const onPath = new Map<string | undefined, Promise<string | null>>();
async function lookUp(): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'tesseract');
    if (await access(candidate).then(() => true, () => false)) return candidate;
  }
  return null;
}
/** The tesseract command on PATH, or null: then scans are marked 未识别. */
export function findTesseract(): Promise<string | null> {
  const searchPath = process.env.PATH;
  if (!onPath.has(searchPath)) onPath.set(searchPath, lookUp());
  return onPath.get(searchPath)!;
}

/** Tesseract puts a space between Chinese characters; words of Latin letters keep theirs. */
const CJK_GAP = /(?<=[\p{Script=Han}，。；：、！？）（])[ \t]+(?=[\p{Script=Han}，。；：、！？）（])/gu;

/** The text of an image (PNG or JPEG bytes), through stdin and stdout; rejects on a timeout or a failed run. */
export function recognize(tesseract: string, image: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tesseract, ['stdin', 'stdout', '-l', LANGUAGES, '--psm', '3'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
    // Below the server's own priority: one tenant's long scan, read on every core, must not slow
    // every tenant's requests. Set before its input is written, so before it starts reading.
    try {
      if (child.pid) os.setPriority(child.pid, OCR_NICENESS);
    } catch {
      // Already ended: its close event tells how.
    }
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error('文字识别超时'))), OCR_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-500)));
    child.on('error', (error) => (clearTimeout(timer), reject(error)));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`文字识别失败：${err.trim() || `退出码 ${code}`}`));
      resolve(Buffer.concat(out).toString('utf8').replace(CJK_GAP, '').trim());
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(image);
  });
}
