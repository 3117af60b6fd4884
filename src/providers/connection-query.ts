import { api, fillOperationPath, type Answer, type RequestBody } from '../api/client';
import { operations } from '../api/operations';
import { config } from '../config';
import { getCookie } from '../lib/cookies';
import { feedback } from '../lib/feedback';
import { saveBlob } from '../lib/save-blob';
import { errorTexts } from './error-texts';

export type QueryRequest = RequestBody<'postConnectionProjectsByProjectUuidQuery'>;
export type QueryResult = Answer<'postConnectionProjectsByProjectUuidQuery'>;

/** Runs a statement of the 查询 tab; aborting `signal` (取消) ends the request, and the server cancels the statement. */
export function runQuery(projectId: string, body: QueryRequest, signal: AbortSignal): Promise<QueryResult> {
  return api.call('postConnectionProjectsByProjectUuidQuery', { path: { project_uuid: projectId }, body, options: { signal } });
}

/** Line ends of CSV records (not those inside a quoted field) in a chunk; `quoted` carries over between chunks. */
function countRecords(chunk: Uint8Array, state: { quoted: boolean }): number {
  let records = 0;
  for (const byte of chunk) {
    if (byte === 0x22) state.quoted = !state.quoted;
    else if (byte === 0x0a && !state.quoted) records++;
  }
  return records;
}

type Export =
  | { kind: 'records'; query: Record<string, string | number | undefined> }
  | { kind: 'query'; body: QueryRequest };

/**
 * Downloads a CSV export as the server streams it, telling `onRows` the data rows received so far;
 * the file is saved as `fileName` when complete. A refusal is told to the user like any other
 * (the server's Chinese message); aborting `signal` stops it silently. Answers whether it was saved.
 */
export async function downloadCsv(projectId: string, what: Export, fileName: string, onRows: (rows: number) => void, signal: AbortSignal): Promise<boolean> {
  const operation = what.kind === 'records' ? operations.getConnectionProjectsByProjectUuidRecordsExport : operations.postConnectionProjectsByProjectUuidQueryExport;
  const url = new URL(`${config.apiBase}${fillOperationPath(operation.path, { project_uuid: projectId })}`, window.location.href);
  if (what.kind === 'records') for (const [key, value] of Object.entries(what.query)) if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { 'Accept-Language': 'zh-Hans' };
  const token = getCookie('token');
  const organization = getCookie('organization_uuid');
  if (token) headers.Authorization = `Token ${token}`;
  if (organization) headers.Organization = organization;
  if (what.kind === 'query') headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(url, { method: operation.method.toUpperCase(), headers, body: what.kind === 'query' ? JSON.stringify(what.body) : undefined, signal });
    if (!response.ok || !response.body) {
      const answer = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
      feedback.error(typeof answer?.message === 'string' ? answer.message : errorTexts.generic);
      return false;
    }
    const parts: Uint8Array[] = [];
    const state = { quoted: false };
    let records = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      records += countRecords(value, state);
      // The first line is the header.
      onRows(Math.max(records - 1, 0));
    }
    saveBlob(new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' }), fileName);
    return true;
  } catch (error) {
    if (!signal.aborted) feedback.error(`导出中断：${(error as Error).message || errorTexts.generic}`);
    return false;
  }
}
