import type { UserJson } from "./users";

// The second factor (issue 17), as the sign-in page, the enrolment page and 'Mon profil' use it:
//   POST   /api/session                 -> { user } or { user: null, twoFactorRequired: true }
//   POST   /api/session/two-factor      { code | backupCode, trustDevice } -> { user }
//   POST   /api/me/two-factor           { password } -> TwoFactorEnrolmentJson (not yet active)
//   POST   /api/me/two-factor/confirm   { code } -> { user } (active from now on)
//   DELETE /api/me/two-factor           { password } -> { user } (clients only)
//   POST   /api/admin/administrators/:id/two-factor/reset -> { user } (another officer's)
// The bodies' schemas are in two-factor.schema.ts.

/** What the enrolment shows once: the QR code, the same key as text, the 10 backup codes. */
export type TwoFactorEnrolmentJson = {
  /** otpauth://totp/... as the authenticator app reads it from the QR code. */
  totpUri: string;
  /** The key in base32, for typing into the app by hand. */
  key: string;
  /** The QR code of totpUri, as an SVG document. */
  qrCodeSvg: string;
  backupCodes: string[];
};

export type SignInAnswerJson =
  | { user: UserJson; twoFactorRequired?: false }
  | { user: null; twoFactorRequired: true };

/** The code the API answers when an officer without a second factor asks for /api/admin. */
export const secondFactorRequiredCode = "second_factor_required";

export const twoFactorMessages = {
  required: "Activez la double authentification pour accéder à l'espace administrateur.",
  codeFormat: "Saisissez les 6 chiffres affichés par votre application",
  backupCodeFormat: "Saisissez un code de secours (10 caractères)",
  wrongCode: "Code incorrect. Vérifiez l'heure de votre téléphone et réessayez.",
  wrongBackupCode: "Code de secours incorrect ou déjà utilisé",
  codeAlreadyUsed:
    "Ce code a déjà été utilisé. Attendez le code suivant de votre application et saisissez-le.",
  expired: "La vérification a expiré. Reconnectez-vous avec votre mot de passe.",
  locked:
    "Trop de codes incorrects : ce compte est bloqué pendant 15 minutes. Réessayez plus tard.",
  wrongPassword: "Mot de passe incorrect",
  passwordRequired: "Mot de passe requis",
  alreadyEnabled: "La double authentification est déjà activée sur ce compte",
  notEnabled: "La double authentification n'est pas activée sur ce compte",
  officersCannotDisable:
    "La double authentification est obligatoire pour les administrateurs : elle ne peut pas être désactivée.",
  notYourself:
    "Vous ne pouvez pas réinitialiser votre propre double authentification : demandez à un autre administrateur.",
  officerNotFound: "Administrateur introuvable",
  enabled: "Double authentification activée",
  disabled: "Double authentification désactivée",
  reset:
    "Double authentification réinitialisée : l'administrateur l'activera à sa prochaine connexion",
  rememberDevice: "Se souvenir de cet appareil pendant 30 jours",
  trustDeviceInvalid: "Choix invalide pour « Se souvenir de cet appareil » : oui ou non attendu",
} as const;
