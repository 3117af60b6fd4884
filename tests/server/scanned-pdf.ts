/** Scanned PDFs and a stand-in tesseract for the OCR tests: what they assert is how runs overlap, not what OCR reads. */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { reportFont } from '../../server/modules/results/report-font';

/** A PDF of scanned pages (images of these texts, no text layer), a text page first when `intro` is given. */
export async function scannedPdf(texts: string[], intro?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  if (intro) doc.addPage([595, 842]).drawText(intro, { x: 40, y: 780, size: 14, font: await doc.embedFont(reportFont('regular').bytes, { subset: true }) });
  for (const text of texts) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="400"><rect width="100%" height="100%" fill="#fff"/>
      <text x="60" y="200" font-family="WenQuanYi Micro Hei" font-size="64" fill="#000">${text}</text></svg>`;
    const png = await doc.embedPng(await sharp(Buffer.from(svg)).png().toBuffer());
    doc.addPage([595, 842]).drawImage(png, { x: 0, y: 600, width: 595, height: 192 });
  }
  return doc.save();
}

/**
 * A stand-in `tesseract` in a folder of its own that notes its niceness and when each run starts
 * and ends, takes `seconds` (longer than pdf.js takes to draw the next scan even under CI's load,
 * so runs overlap as far as they are let), and reads 文字.
 */
export function standInTesseract(seconds: number) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'fake-tesseract-'));
  const runsLog = path.join(folder, 'runs.log');
  const nicenessLog = path.join(folder, 'niceness.log');
  const command = path.join(folder, 'tesseract');
  // Its niceness is field 19 of /proc/<pid>/stat (the command name before it has no space here).
  writeFileSync(command, `#!/bin/sh\ncat > /dev/null\ncut -d' ' -f19 /proc/$$/stat >> ${nicenessLog}\necho "start $(date +%s%N)" >> ${runsLog}\nsleep ${seconds}\necho "end $(date +%s%N)" >> ${runsLog}\necho 文字\n`);
  chmodSync(command, 0o755);
  writeFileSync(runsLog, '');
  return {
    folder,
    command,
    runsLog,
    nicenessLog,
    /** The most runs that overlapped, from its log. */
    mostAtOnce(): number {
      let running = 0;
      let most = 0;
      const events = readFileSync(runsLog, 'utf8').trim().split('\n').map((line) => line.split(' ')).sort((a, b) => Number(BigInt(a[1]) - BigInt(b[1])));
      for (const [event] of events) most = Math.max(most, (running += event === 'start' ? 1 : -1));
      return most;
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
