import { useState } from 'react';
import { feedback } from '../../lib/feedback';
import { saveBlob } from '../../lib/save-blob';
import { entryName, zipFiles } from '../../lib/zip';
import { fileBytes } from '../../providers/files';
import type { LibraryKind } from './kinds';
import type { LibraryItem } from './types';

/**
 * Downloads items as one zip named after the kind (reports.zip), entries under their original
 * names; `progress` is the percent while it runs (for DownloadProgress), undefined otherwise.
 */
export function useZipDownload(kind: Pick<LibraryKind, 'archiveName' | 'nothingToDownload'>) {
  const [progress, setProgress] = useState<number>();
  const download = async (items: LibraryItem[]) => {
    if (progress !== undefined) return;
    if (items.length === 0) {
      feedback.warning(kind.nothingToDownload);
      return;
    }
    const sources = items.map((item) => ({ name: entryName(item), url: item.file ?? '' }));
    setProgress(0);
    try {
      const { blob, failed } = await zipFiles(sources, (url) => fileBytes(url), setProgress);
      failed.forEach((name) => feedback.error(`Failed to fetch file: ${name}`));
      if (blob) {
        feedback.success('浏览器准备下载');
        saveBlob(blob, kind.archiveName);
      }
    } finally {
      setProgress(undefined);
    }
  };
  return { download, progress };
}
