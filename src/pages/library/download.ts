import { fileSrc } from '../../components/uploads/api';

/** Fetches a stored file with the session cookie (the file route accepts it for GET). */
export async function fetchFile(url: string): Promise<ArrayBuffer> {
  if (!url) throw new Error('no file');
  const response = await fetch(new URL(fileSrc(url), window.location.href), { credentials: 'include' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by now; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
