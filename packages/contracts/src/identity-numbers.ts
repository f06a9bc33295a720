// Check digits of the identity numbers verification asks for: the resident ID card number
// (GB 11643-1999) and the unified social credit code of organisations (GB 32100-2015).

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = "10X98765432";

/** 18 characters: 6-digit region, a real birth date (YYYYMMDD, not in the future), sequence, check digit. */
export function isValidIdNumber(value: string, today: Date = new Date()): boolean {
  const id = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    birth.getUTCFullYear() !== year ||
    birth.getUTCMonth() !== month - 1 ||
    birth.getUTCDate() !== day ||
    birth.getTime() > today.getTime()
  ) {
    return false;
  }
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(id[i]), 0);
  return ID_CHECK[sum % 11] === id[17];
}

// The code's alphabet leaves out I, O, S, V and Z, which read too much like digits.
const CREDIT_ALPHABET = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** 18 characters of the code's alphabet, the last a check character over the first 17 (mod 31). */
export function isValidCreditCode(value: string): boolean {
  const code = value.trim().toUpperCase();
  if (code.length !== 18 || [...code].some((c) => !CREDIT_ALPHABET.includes(c))) return false;
  const sum = CREDIT_WEIGHTS.reduce((acc, w, i) => acc + w * CREDIT_ALPHABET.indexOf(code[i]!), 0);
  return CREDIT_ALPHABET[(31 - (sum % 31)) % 31] === code[17];
}

/**
 * "110105********0021": enough for the owner to recognise the number, not enough to reuse it. A
 * short number (a passport's) keeps only its last three characters.
 */
export function maskIdentityNumber(value: string): string {
  if (value.length <= 4) return "*".repeat(value.length);
  if (value.length <= 10) return `${"*".repeat(value.length - 3)}${value.slice(-3)}`;
  return `${value.slice(0, 6)}${"*".repeat(value.length - 10)}${value.slice(-4)}`;
}
