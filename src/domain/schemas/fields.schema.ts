import { z } from "zod";
import {
  emailPattern,
  isValidPhone,
  maxPasswordLength,
  minPasswordLength,
  tooLong,
  withoutNul,
} from "./fields";

/**
 * A required text field: trimmed, non-empty, bounded. Non-string input gets the same message.
 * `clean` removes what is never kept, before the checks.
 */
export function requiredText(message: string, max = 200, clean = withoutNul) {
  return z
    .string({ error: message })
    .overwrite(clean)
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong(max) });
}

/** An optional text field: trimmed, bounded; empty means absent. */
export function optionalText(max = 200) {
  return z
    .string({ error: "Valeur invalide" })
    .overwrite(withoutNul)
    .trim()
    .max(max, { error: tooLong(max) })
    .optional()
    .default("");
}

export function emailField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .overwrite(withoutNul)
    .trim()
    .min(1, { error: requiredMessage })
    .max(254, { error: tooLong(254) })
    .regex(emailPattern, { error: "Adresse e-mail invalide" })
    .transform((value) => value.toLowerCase());
}

export const phoneField = z
  .string({ error: "Numéro de téléphone invalide" })
  .trim()
  .refine((value) => value === "" || isValidPhone(value), {
    error: "Numéro de téléphone invalide",
  })
  .optional()
  .default("");

/** A new password chosen on the reset page or the admin settings, with their messages. */
export const newPasswordField = z
  .string({ error: "Le nouveau mot de passe est obligatoire" })
  .min(1, { error: "Le nouveau mot de passe est obligatoire" })
  .min(minPasswordLength, { error: "Le mot de passe doit contenir au moins 6 caractères" })
  .max(maxPasswordLength, { error: tooLong(maxPasswordLength) });

/** Its confirmation; the schema compares the two. */
export const confirmPasswordField = z
  .string({ error: "Veuillez confirmer votre mot de passe" })
  .min(1, { error: "Veuillez confirmer votre mot de passe" });
