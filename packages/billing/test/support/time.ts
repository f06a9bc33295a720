// Builds instants from Shanghai wall-clock text without going through the engine's own conversion,
// so time-zone tests compare against an independent source (Asia/Shanghai is UTC+8 all year).
export function shanghai(text: string): Date {
  const date = new Date(`${text.replace(" ", "T")}+08:00`);
  if (Number.isNaN(date.getTime())) throw new Error(`bad test time ${text}`);
  return date;
}

export function utc(text: string): Date {
  const date = new Date(`${text.replace(" ", "T")}Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`bad test time ${text}`);
  return date;
}

export const HOUR = 3_600_000;
export const DAY = 86_400_000;
