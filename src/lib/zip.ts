import JSZip from 'jszip';
import { inParallel } from './in-parallel';

/** One file to put in an archive: its entry name and where to fetch it. */
interface ZipSource {
  name: string;
  url: string;
}

interface ZipOutcome {
  /** Null when no file could be fetched. */
  blob: Blob | null;
  /** Entry names of the files that could not be fetched. */
  failed: string[];
}

/** The extension of a URL's last path segment, with its dot ('' when it has none). */
export function urlExtension(url: string): string {
  const last = url.split(/[?#]/)[0].split('/').pop() ?? '';
  const match = /\.[A-Za-z0-9]{1,8}$/.exec(decodeURIComponent(last));
  return match ? match[0].toLowerCase() : '';
}

/** The archive entry name of an item: its original file name, else its name plus the file's extension. */
export function entryName(item: { name: string; real_file_name?: string | null; file?: string | null }): string {
  const original = item.real_file_name?.split(/[\\/]/).pop()?.trim();
  if (original) return original;
  const extension = item.file ? urlExtension(item.file) : '';
  const base = item.name.trim() || '文件';
  return base.toLowerCase().endsWith(extension) ? base : `${base}${extension}`;
}

/** Makes names unique in order: the second `a.pdf` becomes `a(1).pdf`, the third `a(2).pdf`. */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 1; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem}(${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Share of the progress bar spent fetching; the rest is compressing. */
const FETCH_SHARE = 90;
/** Files fetched at the same time. */
const PARALLEL = 4;

/**
 * Fetches every source, a few at a time (one failure does not stop the others), and zips
 * what arrived in the order of the sources. `onProgress` gets a whole percent from 0 to 100.
 */
export async function zipFiles(
  sources: ZipSource[],
  fetchBlob: (url: string) => Promise<Blob | ArrayBuffer>,
  onProgress: (percent: number) => void = () => undefined,
): Promise<ZipOutcome> {
  const names = uniqueNames(sources.map((source) => source.name));
  const blobs: Array<Blob | ArrayBuffer | undefined> = new Array(sources.length);
  let done = 0;
  onProgress(0);
  await inParallel(sources, PARALLEL, async (source, index) => {
    blobs[index] = await fetchBlob(source.url).catch(() => undefined);
    done += 1;
    onProgress(Math.round((done / sources.length) * FETCH_SHARE));
  });

  const zip = new JSZip();
  const failed: string[] = [];
  names.forEach((name, index) => {
    const blob = blobs[index];
    if (blob) zip.file(name, blob);
    else failed.push(name);
  });
  if (failed.length === sources.length) return { blob: null, failed };
  const blob = await zip.generateAsync({ type: 'blob' }, ({ percent }) =>
    onProgress(Math.round(FETCH_SHARE + (percent / 100) * (100 - FETCH_SHARE))),
  );
  onProgress(100);
  return { blob, failed };
}
