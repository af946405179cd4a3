/**
 * Saves a Blob made in the browser as a file download (the list exports, the recovery codes): a temporary link
 * to a blob URL, clicked, then released.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Chromium starts the download after the click returns: a blob URL revoked at once can leave it with nothing
  // to save (no file, no error; seen under load in e2e). Released once the download has had time to start.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
