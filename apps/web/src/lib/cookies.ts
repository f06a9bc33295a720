/** A cookie's value, percent-decoded; a value that does not decode (e.g. "%E0%A4%A") is returned as it is. */
export function readCookie(
  name: string,
  cookieString: string = globalThis.document?.cookie ?? "",
): string | null {
  for (const part of cookieString.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}
