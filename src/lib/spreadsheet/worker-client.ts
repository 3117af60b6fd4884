import { SheetProblem, sheetTexts, type SheetAnswer, type SheetGrid } from './grid';

/** A worker that has not answered by then is stopped; 10MB parse in well under this. */
export const SHEET_TIMEOUT_MS = 30_000;

export interface SheetRequest {
  buffer: ArrayBuffer;
  maxRows: number;
}

/**
 * Parses the bytes in a fresh Web Worker (src/workers/sheet-worker.ts) and ends it afterwards:
 * the xlsx library only ever runs there, and only strings come back. Rejects with a
 * SheetProblem carrying the message to show.
 */
export async function parseSheetInWorker(buffer: ArrayBuffer, maxRows: number): Promise<SheetGrid> {
  const worker = new Worker(new URL('../../workers/sheet-worker.ts', import.meta.url), { type: 'module', name: 'sheet' });
  try {
    return await new Promise<SheetGrid>((resolve, reject) => {
      const timer = setTimeout(() => reject(new SheetProblem(sheetTexts.timeout)), SHEET_TIMEOUT_MS);
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        outcome();
      };
      worker.onmessage = (event: MessageEvent<unknown>) => {
        const answer = plainAnswer(event.data);
        settle(() => (answer.ok ? resolve(answer.grid) : reject(new SheetProblem(answer.error))));
      };
      worker.onerror = (event) => {
        event.preventDefault();
        settle(() => reject(new SheetProblem(sheetTexts.unreadable)));
      };
      const request: SheetRequest = { buffer, maxRows };
      worker.postMessage(request, [buffer]);
    });
  } finally {
    worker.terminate();
  }
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((cell) => typeof cell === 'string');

/** Accepts only the shape the worker is meant to send; anything else counts as unreadable. */
function plainAnswer(data: unknown): SheetAnswer {
  const answer = data as Partial<{ ok: boolean; error: unknown; grid: Partial<SheetGrid> }> | null;
  if (answer?.ok === false && typeof answer.error === 'string') return { ok: false, error: answer.error };
  const grid = answer?.ok === true ? answer.grid : undefined;
  if (grid && isStrings(grid.header) && Array.isArray(grid.rows) && grid.rows.every(isStrings) && typeof grid.headerLine === 'number') {
    return { ok: true, grid: { header: grid.header, rows: grid.rows, headerLine: grid.headerLine } };
  }
  return { ok: false, error: sheetTexts.unreadable };
}
