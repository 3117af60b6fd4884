import type { AxiosProgressEvent } from 'axios';
import type { WarehouseImportResult } from '../../contract/warehouse';
import { reportClient } from './report-client';

/**
 * The 成果数据 spreadsheet calls, which carry files rather than JSON (the data providers' custom
 * calls do not): the template's bytes and a filled copy's upload. Failures are told by the HTTP layer.
 */
export async function warehouseTemplate(url: string): Promise<Blob> {
  const { data } = await reportClient.get<ArrayBuffer>(url, { responseType: 'arraybuffer' });
  return new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Posts the file as multipart `file`; `dryRun` asks only what would change. */
export async function sendWarehouseFile(url: string, file: Blob & { name?: string }, options: { dryRun: boolean; onProgress?: (percent: number) => void }) {
  const body = new FormData();
  body.append('file', file, file.name ?? 'data.xlsx');
  const { data } = await reportClient.post<{ data: WarehouseImportResult }>(url, body, {
    params: options.dryRun ? { dry_run: 1 } : undefined,
    onUploadProgress: (event: AxiosProgressEvent) => {
      const total = event.total ?? file.size;
      if (options.onProgress && total > 0) options.onProgress(Math.min(100, Math.round((event.loaded / total) * 100)));
    },
  });
  return data.data;
}
