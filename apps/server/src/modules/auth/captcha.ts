import { randomInt } from "node:crypto";

// Characters that are not confused with each other when drawn (no 0/O, 1/l/I).
export const CAPTCHA_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export function captchaText(length = 4): string {
  return Array.from({ length }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join("");
}

// Each character is drawn as strokes on a 4 × 6 grid, so the picture holds no text a script could
// read out of the SVG: it must be recognised as a picture. Strokes are "x,y x,y …", joined by "|".
const GLYPHS: Record<string, string> = {
  "2": "0,1 1,0 3,0 4,1 4,2 0,6 4,6",
  "3": "0,0 4,0 2,2 4,3 4,5 3,6 1,6 0,5",
  "4": "3,6 3,0 0,4 4,4",
  "5": "4,0 0,0 0,3 3,3 4,4 4,5 3,6 0,6",
  "6": "4,0 1,0 0,2 0,5 1,6 3,6 4,5 4,4 3,3 0,3",
  "7": "0,0 4,0 1,6",
  "8": "1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3",
  "9": "4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,4 3,6 0,6",
  A: "0,6 2,0 4,6|1,4 3,4",
  B: "0,0 0,6 3,6 4,5 4,4 3,3 0,3|0,0 3,0 4,1 4,2 3,3",
  C: "4,0 1,0 0,1 0,5 1,6 4,6",
  D: "0,0 0,6 3,6 4,5 4,1 3,0 0,0",
  E: "4,0 0,0 0,6 4,6|0,3 3,3",
  F: "4,0 0,0 0,6|0,3 3,3",
  G: "4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3 2,3",
  H: "0,0 0,6|4,0 4,6|0,3 4,3",
  J: "4,0 4,5 3,6 1,6 0,5",
  K: "0,0 0,6|4,0 0,3 4,6",
  L: "0,0 0,6 4,6",
  M: "0,6 0,0 2,3 4,0 4,6",
  N: "0,6 0,0 4,6 4,0",
  P: "0,6 0,0 3,0 4,1 4,2 3,3 0,3",
  Q: "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0|2,4 4,6",
  R: "0,6 0,0 3,0 4,1 4,2 3,3 0,3|2,3 4,6",
  S: "4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5",
  T: "0,0 4,0|2,0 2,6",
  U: "0,0 0,5 1,6 3,6 4,5 4,0",
  V: "0,0 2,6 4,0",
  W: "0,0 1,6 2,3 3,6 4,0",
  X: "0,0 4,6|4,0 0,6",
  Y: "0,0 2,3 4,0|2,3 2,6",
  Z: "0,0 4,0 0,6 4,6",
};

const UNIT = 4;
// Each point moves a little, so no two pictures of a character are the same path.
const jitter = () => (randomInt(7) - 3) / 10;

function glyphPath(ch: string, x: number, y: number): string {
  const strokes = GLYPHS[ch]?.split("|") ?? [];
  return strokes
    .map((stroke) =>
      stroke
        .split(" ")
        .map((point, i) => {
          const [gx, gy] = point.split(",").map(Number) as [number, number];
          const px = (x + (gx + jitter()) * UNIT).toFixed(1);
          const py = (y + (gy + jitter()) * UNIT).toFixed(1);
          return `${i === 0 ? "M" : "L"}${px} ${py}`;
        })
        .join(""),
    )
    .join("");
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
      const x = 12 + i * 26;
      const y = 8 + randomInt(5) - 2;
      const rotate = randomInt(40) - 20;
      const cx = x + 2 * UNIT;
      const cy = y + 3 * UNIT;
      return `<path d="${glyphPath(ch, x, y)}" fill="none" stroke="hsl(${randomInt(360)},60%,35%)" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round" transform="rotate(${rotate} ${cx} ${cy})"/>`;
    })
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f4f6fa"/>${lines}${chars}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
