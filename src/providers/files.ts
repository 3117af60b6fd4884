import type { AxiosProgressEvent } from 'axios';
import { config } from '../config';
import { platformClient } from './http';

/** A stored file as the uploader answers it (server/modules/uploads/routes.ts, FileInfo). */
export interface UploadedFile {
  id: number;
  url: string;
  name: string;
  size: number;
  mime: string;
  sha256: string;
  project_uuid: string | null;
  transcode: 'none' | 'pending' | 'done' | 'failed' | 'unavailable' | string;
  status: 0 | 1 | null;
  pdf_url: string | null;
}

type UploadPurpose = 'cover' | 'avatar' | 'material' | 'report' | 'report_pdf' | 'chunked' | 'script';

/** The single-file upload path: the project's when a project is given, else the organization's. */
function fileUploadPath(purpose: UploadPurpose, projectUuid?: string): string {
  const base = projectUuid
    ? `/api/uploader/v1/projects/${encodeURIComponent(projectUuid)}/file_upload/`
    : '/api/uploader/v1/file_upload/';
  return `${base}?purpose=${purpose}`;
}

/** The file info path, to follow a Word file's conversion. */
function fileInfoPath(id: number, projectUuid?: string | null): string {
  return projectUuid
    ? `/api/uploader/v1/projects/${encodeURIComponent(projectUuid)}/file_upload/${id}/`
    : `/api/uploader/v1/file_upload/${id}/`;
}

interface SendOptions {
  purpose: UploadPurpose;
  projectUuid?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Posts one file as the multipart field `file`; the HTTP layer reports any failure. */
export async function sendFile(file: Blob & { name?: string }, options: SendOptions): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name ?? 'file');
  const { data } = await platformClient.post<UploadedFile>(fileUploadPath(options.purpose, options.projectUuid), body, {
    signal: options.signal,
    onUploadProgress: (event: AxiosProgressEvent) => {
      const total = event.total ?? file.size;
      if (options.onProgress && total > 0) options.onProgress(Math.min(100, (event.loaded / total) * 100));
    },
  });
  return data;
}

/**
 * The address to show a file at: stored files live under the platform API (which may be on
 * another origin, `VITE_API_BASE`); built-in covers ship with the app.
 */
export function fileSrc(url: string): string {
  return url.startsWith('/api/') ? `${config.apiBase}${url}` : url;
}

/** A stored file's info, to follow a Word file's conversion; failures are the caller's to word. */
export async function fileInfo(id: number, projectUuid?: string | null, signal?: AbortSignal): Promise<UploadedFile> {
  return (await platformClient.get<UploadedFile>(fileInfoPath(id, projectUuid), { silent: true, signal })).data;
}

/** A stored file's bytes, with the session (the file route accepts the token header); failures are the caller's to word. */
export async function fileBytes(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  if (!url) throw new Error('no file');
  return (await platformClient.get<ArrayBuffer>(fileSrc(url), { responseType: 'arraybuffer', silent: true, signal })).data;
}

/** A file the app ships (pdf.js character maps, fonts and wasm). */
export async function bundledBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
