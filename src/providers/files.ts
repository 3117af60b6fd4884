import type { AxiosProgressEvent } from 'axios';
import { api, type Answer, type QueryParams } from '../api/client';
import { config } from '../config';
import { platformClient } from './http';

/** A stored file as the uploader answers it. */
export type UploadedFile = Answer<'postUploaderFileUpload'>;

type UploadPurpose = NonNullable<QueryParams<'postUploaderFileUpload'>['purpose']>;

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
  const args = {
    query: { purpose: options.purpose },
    body: body as never,
    options: {
      signal: options.signal,
      onUploadProgress: (event: AxiosProgressEvent) => {
        const total = event.total ?? file.size;
        if (options.onProgress && total > 0) options.onProgress(Math.min(100, (event.loaded / total) * 100));
      },
    },
  };
  // The project's upload when a project is given, else the organization's.
  return options.projectUuid
    ? api.call('postUploaderProjectsByProjectUuidFileUpload', { ...args, path: { project_uuid: options.projectUuid } })
    : api.call('postUploaderFileUpload', args);
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
  const options = { silent: true, signal };
  return projectUuid
    ? api.call('getUploaderProjectsByProjectUuidFileUploadById', { path: { project_uuid: projectUuid, id }, options })
    : api.call('getUploaderFileUploadById', { path: { id }, options });
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
