// GSM 03.38, the 7-bit alphabet every phone reads (3GPP TS 23.038): a text made only of these
// characters takes 160 per SMS; one other character turns the whole SMS into UCS-2, 70 per SMS.
// French needs é, è, à, ù, É and Ç, which the table has; ê, â, î, ô, û, ë, ï, ü... and the lower
// case ç are not in it (ç sits in the table only as Ç, which would shout in the middle of a
// word). Those are written without their accent ("reçu" -> "recu"): a French reader reads it,
// where a single ê would halve the room left for the text.

/** The basic table, in code order (0x1B, the escape to the extension table, left out). */
const basic =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** The extension table: each of these takes two septets (escape + code). */
const extension = "\f^{}\\[~]|€";

const basicSet = new Set(basic);
const extensionSet = new Set(extension);

/** Characters a French text may hold that GSM 03.38 lacks, and what stands for them. */
const replacements: Record<string, string> = {
  â: "a",
  á: "a",
  ã: "a",
  À: "A",
  Â: "A",
  Á: "A",
  ê: "e",
  ë: "e",
  È: "E",
  Ê: "E",
  Ë: "E",
  î: "i",
  ï: "i",
  í: "i",
  Î: "I",
  Ï: "I",
  ô: "o",
  ó: "o",
  õ: "o",
  Ô: "O",
  û: "u",
  ú: "u",
  Û: "U",
  Ù: "U",
  ç: "c",
  ÿ: "y",
  Ÿ: "Y",
  œ: "oe",
  Œ: "OE",
  "\u2019": "'",
  "\u2018": "'",
  "\u02bc": "'",
  "\u201c": '"',
  "\u201d": '"',
  "«": '"',
  "»": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2026": "...",
  // French formatting spaces (formatFcfa: U+202F between thousands, U+00A0 before FCFA).
  "\u00a0": " ",
  "\u202f": " ",
  "\u2009": " ",
};

/**
 * The text as GSM 03.38 can carry it: the letters the table lacks replaced by their plain form,
 * any other character (an emoji, a letter of another script) left as it is, which makes the SMS
 * UCS-2 rather than garbage.
 */
export function toGsm7(text: string): string {
  let result = "";
  for (const char of text.normalize("NFC")) {
    if (basicSet.has(char) || extensionSet.has(char)) result += char;
    else result += replacements[char] ?? char;
  }
  return result;
}

export type SmsEncoding = "gsm7" | "ucs2";

/** Length of the text in its encoding's units: septets (GSM-7) or UTF-16 code units (UCS-2). */
export function smsUnits(text: string): { encoding: SmsEncoding; units: number } {
  let septets = 0;
  for (const char of text) {
    if (basicSet.has(char)) septets += 1;
    else if (extensionSet.has(char)) septets += 2;
    else return { encoding: "ucs2", units: text.length };
  }
  return { encoding: "gsm7", units: septets };
}

/**
 * How many SMS the text takes: 160 septets (70 UCS-2 units) fit one; a longer text is split in
 * parts of 153 (67), the rest of each part holding the header that joins them again.
 */
export function smsSegments(text: string): {
  encoding: SmsEncoding;
  units: number;
  segments: number;
} {
  const { encoding, units } = smsUnits(text);
  const single = encoding === "gsm7" ? 160 : 70;
  const part = encoding === "gsm7" ? 153 : 67;
  const segments = units === 0 ? 1 : units <= single ? 1 : Math.ceil(units / part);
  return { encoding, units, segments };
}
