/** Hands a blob to the browser as a download named fileName. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns; keep the address a while.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
