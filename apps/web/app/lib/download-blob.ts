/** Has the browser save `blob` as `fileName` (an object URL, revoked once the download began). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click handler returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
