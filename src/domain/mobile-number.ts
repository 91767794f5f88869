import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";

// Mobile numbers for SMS (issue 18): libphonenumber-js's full metadata tells a mobile number from
// a fixed line, country by country, as the numbering plans change (Côte d'Ivoire went to ten
// digits in 2021). Used by the server only: the metadata weighs too much for the browser's pages.

/** The country whose calling code a number written without one takes, from the profile. */
export function phoneCountry(country: string | null | undefined): CountryCode {
  const key = (country ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  if (key === "senegal") return "SN";
  if (key === "togo") return "TG";
  if (key === "benin") return "BJ";
  if (key === "burkinafaso") return "BF";
  if (key === "mali") return "ML";
  if (key === "ghana") return "GH";
  return "CI";
}

export const mobileNumberMessages = {
  invalid:
    "Numéro de mobile invalide : vérifiez-le, avec l'indicatif du pays s'il n'est pas celui de votre profil (par exemple +225 07 08 09 10 11)",
  notMobile:
    "Ce numéro n'est pas un numéro de mobile : les SMS ne peuvent être envoyés qu'à un mobile",
} as const;

export type MobileNumberResult =
  | { ok: true; e164: string }
  | { ok: false; reason: keyof typeof mobileNumberMessages };

/**
 * The number in E.164 ("+2250708091011") when it is a mobile number: written with its calling
 * code (+221...) or without, then taken as a number of the profile's country.
 */
export function toMobileE164(
  value: string,
  country: string | null | undefined,
): MobileNumberResult {
  const phone = parsePhoneNumberFromString(value.trim(), phoneCountry(country));
  if (!phone?.isValid()) return { ok: false, reason: "invalid" };
  const type = phone.getType();
  if (type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE")
    return { ok: false, reason: "notMobile" };
  return { ok: true, e164: phone.number };
}
