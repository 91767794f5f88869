/** The auth routes' French answers. */
export const authMessages = {
  emailTaken: "Un compte existe déjà avec cette adresse e-mail",
  emailOfClosedAccount:
    "Cette adresse e-mail est celle d'un compte fermé, conservé pour le dossier de crédit. Utilisez une autre adresse ou contactez l'agence.",
  wrongCredentials: "Adresse e-mail ou mot de passe incorrect",
  invalidResetLink: "Lien de réinitialisation invalide ou expiré",
} as const;

export const fifteenMinutes = 15 * 60;
export const oneHour = 60 * 60;
