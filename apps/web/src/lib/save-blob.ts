// Keeps the object URL for 40 s after the click, as FileSaver.js does: a browser may open it only
// once the download really starts, which on a busy machine can be well after one second, and a URL
// revoked before that saves nothing.
const RELEASE_AFTER_MS = 40_000;

/** Hands a downloaded file to the browser under its name (an object URL on a temporary link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
}
