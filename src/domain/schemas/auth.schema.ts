import { z } from "zod";
import { maxPasswordLength, minPasswordLength, tooLong } from "./fields";
import { confirmPasswordField, emailField, newPasswordField, requiredText } from "./fields.schema";

export const loginSchema = z.object({
  email: emailField("Adresse e-mail requise"),
  password: z
    .string({ error: "Mot de passe requis" })
    .min(1, { error: "Mot de passe requis" })
    .max(maxPasswordLength, { error: tooLong(maxPasswordLength) }),
  rememberMe: z.boolean({ error: "Valeur invalide" }).optional().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;

const newPassword = z
  .string({ error: "Mot de passe requis" })
  .min(1, { error: "Mot de passe requis" })
  .min(minPasswordLength, { error: "Minimum 6 caractères" })
  .max(maxPasswordLength, { error: tooLong(maxPasswordLength) });

/** The body of POST /api/register, as the spec's contract gives it. */
export const registerSchema = z.object({
  fullName: requiredText("Nom complet requis", 120),
  email: emailField("Adresse e-mail requise"),
  password: newPassword,
});
export type RegisterValues = z.output<typeof registerSchema>;

/** The registration form adds the confirmation, checked in the browser only. */
export const registerFormSchema = z
  .object({
    fullName: z.string().trim().min(1, { error: "Nom complet requis" }).max(120),
    email: emailField("Adresse e-mail requise"),
    password: newPassword,
    confirmPassword: z.string().min(1, { error: "Confirmation requise" }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: "Les mots de passe ne correspondent pas",
    path: ["confirmPassword"],
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const resetRequestSchema = z.object({
  email: emailField("Veuillez entrer votre adresse e-mail"),
});
export type ResetRequestValues = z.output<typeof resetRequestSchema>;

/** Choosing a new password from the e-mailed link. */
export const resetConfirmSchema = z
  .object({
    token: z
      .string({ error: "Lien de réinitialisation invalide ou expiré" })
      .min(1, { error: "Lien de réinitialisation invalide ou expiré" })
      .max(200, { error: "Lien de réinitialisation invalide ou expiré" }),
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: "Les mots de passe ne correspondent pas",
    path: ["confirmPassword"],
  });
export type ResetConfirmValues = z.output<typeof resetConfirmSchema>;
