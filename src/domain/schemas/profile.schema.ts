import { z } from "zod";
import { officeIds } from "../firm";
import { maxPasswordLength, minPasswordLength, tooLong } from "./fields";
import {
  confirmPasswordField,
  newPasswordField,
  optionalText,
  phoneField,
  requiredText,
} from "./fields.schema";

/** Profile of a client (/client/profil) and of an admin (/admin/parametres). E-mail is read-only. */
export const profileSchema = z.object({
  firstName: requiredText("Le prénom est obligatoire", 80),
  lastName: requiredText("Le nom est obligatoire", 80),
  phone: phoneField,
  address: optionalText(200),
  city: optionalText(100),
  country: optionalText(100),
  postalCode: optionalText(20),
  /**
   * The office an officer works in (issue 8); blank: none. Only an administrator may send it:
   * the server refuses it from a client (officeOnlyForOfficersMessage).
   */
  office: z.preprocess(
    (value) => (value === "" ? null : value),
    z.enum(officeIds, { error: "Agence inconnue" }).nullable().optional(),
  ),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

const currentPassword = z
  .string({ error: "Mot de passe actuel requis" })
  .min(1, { error: "Mot de passe actuel requis" })
  .max(maxPasswordLength, { error: tooLong(maxPasswordLength) });

/** Password change on /client/profil, with the client screen's messages. Also the API body. */
export const passwordChangeSchema = z
  .object({
    currentPassword,
    newPassword: z
      .string({ error: "Le nouveau mot de passe doit contenir au moins 6 caractères" })
      .min(minPasswordLength, {
        error: "Le nouveau mot de passe doit contenir au moins 6 caractères",
      })
      .max(maxPasswordLength, { error: tooLong(maxPasswordLength) }),
    confirmPassword: z.string({ error: "Les nouveaux mots de passe ne correspondent pas" }),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    error: "Les nouveaux mots de passe ne correspondent pas",
    path: ["confirmPassword"],
  });
export type PasswordChangeValues = z.output<typeof passwordChangeSchema>;

/** Password change on /admin/parametres, with the admin screen's messages. */
export const adminPasswordChangeSchema = z
  .object({
    currentPassword,
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    error: "Les mots de passe ne correspondent pas",
    path: ["confirmPassword"],
  });
