import { randomInt } from "node:crypto";

// Characters that are not confused with each other when drawn (no 0/O, 1/l/I).
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export function captchaText(length = 4): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

/** A small SVG picture of the text with noise lines, as a data: URL. */
export function captchaSvg(text: string): string {
  const width = 120;
  const height = 40;
  const lines = Array.from({ length: 5 }, () => {
    const c = `hsl(${randomInt(360)},50%,60%)`;
    return `<line x1="${randomInt(width)}" y1="${randomInt(height)}" x2="${randomInt(width)}" y2="${randomInt(height)}" stroke="${c}" stroke-width="1.5"/>`;
  }).join("");
  const chars = [...text]
    .map((ch, i) => {
      const x = 14 + i * 26;
      const y = 28 + randomInt(6) - 3;
      const rotate = randomInt(40) - 20;
      return `<text x="${x}" y="${y}" font-size="24" font-family="monospace" font-weight="bold" fill="hsl(${randomInt(360)},60%,35%)" transform="rotate(${rotate} ${x} ${y})">${ch}</text>`;
    })
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f4f6fa"/>${lines}${chars}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
