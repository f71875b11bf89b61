/**
 * Hand a file the API answered to the browser's downloads under `fileName`. Files are fetched
 * through the API client (it carries the token, which a plain link could not), so they arrive
 * as a Blob first.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
