import { z } from "zod";

// A deliberately simple pattern, as the spec asks: something@something.tld, no spaces.
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const phonePattern = /^[0-9+\-\s()]{8,15}$/;
export const minPasswordLength = 6;
export const maxPasswordLength = 128;

export const tooLong = (max: number) => `Ce champ ne doit pas dépasser ${max} caractères`;

/** A required text field: trimmed, non-empty, bounded. Non-string input gets the same message. */
export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong(max) });
}

/** An optional text field: trimmed, bounded; empty means absent. */
export function optionalText(max = 200) {
  return z
    .string({ error: "Valeur invalide" })
    .trim()
    .max(max, { error: tooLong(max) })
    .optional()
    .default("");
}

export function emailField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(254, { error: tooLong(254) })
    .regex(emailPattern, { error: "Adresse e-mail invalide" })
    .transform((value) => value.toLowerCase());
}

export const phoneField = z
  .string({ error: "Numéro de téléphone invalide" })
  .trim()
  .refine((value) => value === "" || phonePattern.test(value), {
    error: "Numéro de téléphone invalide",
  })
  .optional()
  .default("");
