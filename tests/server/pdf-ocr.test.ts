import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { OCR_NICENESS } from '../../server/lib/ocr';
import { readPdfPages } from '../../server/lib/pdf-text';
import { readPdfText } from '../../server/modules/contents/extract';
import { scannedPdf, standInTesseract } from './scanned-pdf';

const hasTesseract = (() => {
  try {
    return execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).includes('chi_sim');
  } catch {
    return false;
  }
})();

const stand = standInTesseract(2);
const { runsLog, nicenessLog, command: fakeTesseract, folder, mostAtOnce } = stand;
afterAll(stand.remove);

describe('reading a scanned PDF', () => {
  it('reads its scans by OCR as many at a time as CONTENT_OCR_PARALLEL allows, each page keeping its own text', async () => {
    const bytes = await scannedPdf(['一', '二', '三', '四', '五'], '这一页有文字层，不必识别');
    for (const parallel of [1, 3]) {
      writeFileSync(runsLog, '');
      const read = await readPdfText(bytes, fakeTesseract, parallel);
      expect(read).toEqual({
        pages: [{ page: 1, text: '这一页有文字层，不必识别' }, ...[2, 3, 4, 5, 6].map((page) => ({ page, text: '文字' }))],
        ocrPages: 5,
        unrecognized: 0,
      });
      expect(mostAtOnce()).toBe(parallel);
    }
  }, 60_000);

  it('keeps to CONTENT_OCR_PARALLEL in the whole process while several PDFs are read at once', async () => {
    writeFileSync(runsLog, '');
    const bytes = await scannedPdf(['一', '二']);
    await Promise.all([readPdfText(bytes, fakeTesseract, 1), readPdfText(bytes, fakeTesseract, 1)]);
    expect(mostAtOnce()).toBe(1);
  }, 60_000);

  it('reads below the server’s CPU priority, so requests go first while every core reads', async () => {
    writeFileSync(nicenessLog, '');
    await readPdfText(await scannedPdf(['一', '二']), fakeTesseract, 2);
    expect(readFileSync(nicenessLog, 'utf8').trim().split('\n').map(Number)).toEqual([OCR_NICENESS, OCR_NICENESS]);
  }, 60_000);

  it('fails with the OCR’s error, not as an unreadable PDF', async () => {
    const broken = path.join(folder, 'broken-tesseract');
    writeFileSync(broken, '#!/bin/sh\ncat > /dev/null\necho "模型缺失" >&2\nexit 1\n');
    chmodSync(broken, 0o755);
    await expect(readPdfText(await scannedPdf(['一', '二', '三']), broken, 2)).rejects.toThrow('文字识别失败：模型缺失');
  }, 60_000);

  it('counts only the reading against its time bound, not the time the OCR takes', async () => {
    const pages = [];
    for await (const page of readPdfPages(await scannedPdf(['一', '二', '三']), true, 1_500)) {
      pages.push(page.page);
      await sleep(1_000);
    }
    expect(pages).toEqual([1, 2, 3]);
  }, 60_000);

  it('stops between pages when its claim is lost, without reading the rest', async () => {
    writeFileSync(runsLog, '');
    const stop = new AbortController();
    // Lost while the first page is read: however long pdf.js takes to draw it on a loaded machine.
    const watching = setInterval(() => readFileSync(runsLog, 'utf8').includes('start') && stop.abort(), 50);
    const reading = readPdfText(await scannedPdf(['一', '二', '三', '四']), fakeTesseract, 1, stop.signal);
    await expect(reading.finally(() => clearInterval(watching))).rejects.toThrow(expect.objectContaining({ name: 'AbortError' }));
    expect(readFileSync(runsLog, 'utf8').match(/start/g)).toHaveLength(1);
  }, 60_000);

  it('answers a PDF pdf.js cannot read as unreadable, with the reason', async () => {
    expect(await readPdfText(new TextEncoder().encode('%PDF-1.4 cut off'), null, 2)).toEqual({ unreadable: expect.stringMatching(/\S/) });
  });

  it.skipIf(!hasTesseract)('puts each page’s OCR text at its own page when several are read at once', async () => {
    const read = await readPdfText(await scannedPdf(['城市体检报告', '湿地公园建设', '社区卫生服务']), 'tesseract', 3);
    expect('pages' in read && read.pages.map((page) => page.text.replace(/\s/g, ''))).toEqual(['城市体检报告', '湿地公园建设', '社区卫生服务']);
  }, 120_000);
});
