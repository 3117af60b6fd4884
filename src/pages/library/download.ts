import { fileSrc } from '../../components/uploads/api';

/** Fetches a stored file with the session cookie (the file route accepts it for GET). */
export async function fetchFile(url: string): Promise<ArrayBuffer> {
  if (!url) throw new Error('no file');
  const response = await fetch(new URL(fileSrc(url), window.location.href), { credentials: 'include' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
}

