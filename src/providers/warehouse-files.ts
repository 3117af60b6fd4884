import type { AxiosProgressEvent } from 'axios';
import type { WarehouseImportResult } from '../../contract/warehouse';
import { api } from '../api/client';

/**
 * The 成果数据 spreadsheet calls, which carry files rather than JSON (the data providers' custom
 * calls do not): the template's bytes and a filled copy's upload. Failures are told by the HTTP layer.
 */
export async function warehouseTemplate(projectId: string): Promise<Blob> {
  const data = await api.call('getReportProjectsByProjectIdWarehouseTemplate', { path: { projectId }, options: { responseType: 'arraybuffer' } });
  return new Blob([data as ArrayBuffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Posts the file as multipart `file`; `dryRun` asks only what would change. */
export async function sendWarehouseFile(projectId: string, file: Blob & { name?: string }, options: { dryRun: boolean; onProgress?: (percent: number) => void }) {
  const body = new FormData();
  body.append('file', file, file.name ?? 'data.xlsx');
  const answer = await api.call('postReportProjectsByProjectIdWarehouseImport', {
    path: { projectId },
    query: options.dryRun ? { dry_run: '1' } : undefined,
    body: body as never,
    options: {
      onUploadProgress: (event: AxiosProgressEvent) => {
        const total = event.total ?? file.size;
        if (options.onProgress && total > 0) options.onProgress(Math.min(100, Math.round((event.loaded / total) * 100)));
      },
    },
  });
  return (answer as { data: WarehouseImportResult }).data;
}
