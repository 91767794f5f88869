// A deliberately simple pattern, as the spec asks: something@something.tld, no spaces.
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * Phone numbers (DESIGN.md "Reconciled rules"): 8 to 15 digits (E.164 allows 15), with spaces,
 * dashes, dots and parentheses between them and an optional leading + (also as "(+225)"), so that
 * "+225 07 08 09 10 11" and "77 123 45 67" are valid as people write them.
 */
const phoneCharacters = /^(?:\+|\(\+)?[\d\s.()-]+$/;
export const minPhoneDigits = 8;
export const maxPhoneDigits = 15;

export function isValidPhone(value: string): boolean {
  if (value.length > 30 || !phoneCharacters.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= minPhoneDigits && digits <= maxPhoneDigits;
}
export const minPasswordLength = 6;
export const maxPasswordLength = 128;

export const tooLong = (max: number) => `Ce champ ne doit pas dépasser ${max} caractères`;

/** PostgreSQL text cannot hold NUL: nobody types one, so it is dropped rather than stored. */
export function withoutNul(value: string): string {
  return value.replaceAll("\u0000", "");
}
