// The one way a search box reaches LIKE / ILIKE: the keyword's own `%`, `_` and `\` are escaped
// (backslash is PostgreSQL's default LIKE escape), so "50%" finds "50%", not everything.

/** Escapes LIKE wildcards so the text matches literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** A pattern that finds `keyword` anywhere in the value. */
export const containsPattern = (keyword: string): string => `%${escapeLike(keyword)}%`;

/** A pattern that finds values starting with `prefix`. */
export const startsWithPattern = (prefix: string): string => `${escapeLike(prefix)}%`;
