// How object storage shows sizes (powers of 1024, as S3 consoles do) and object keys: the folder a
// key is in, and the path segments of a prefix for its breadcrumb.
const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"];

/** 0 B, 512 B, 1.5 KB, 12.3 MB… */
export function humanBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : value.toFixed(value < 10 ? 2 : 1).replace(/\.?0+$/, "");
  return `${shown} ${UNITS[unit]}`;
}

/** The last segment of a folder key ("photos/2026/" → "2026"). */
export const folderName = (key: string): string => key.replace(/\/$/, "").split("/").pop() ?? key;

/** Each folder of a prefix with the prefix that opens it ("a/b/" → a → "a/", b → "a/b/"). */
export function prefixTrail(prefix: string): { name: string; prefix: string }[] {
  const parts = prefix.split("/").filter(Boolean);
  return parts.map((name, i) => ({ name, prefix: `${parts.slice(0, i + 1).join("/")}/` }));
}
