// The security journal (issue 17), as the officers' page /admin/journal reads it:
//   GET /api/admin/security-events?compte=&type=&du=&au=&page=  -> Page<SecurityEventJson>
//   GET /api/admin/security-events/export.csv?compte=&type=&du=&au= -> every matching event
// The query string's schema is in security-events.schema.ts.

export const securityEventTypes = [
  "sign_in_success",
  "sign_in_failure",
  "sign_out",
  "password_change",
  "password_reset",
  "two_factor_enabled",
  "two_factor_disabled",
  "two_factor_reset",
  "backup_code_used",
  "session_revoked",
  "role_change",
  "officer_created",
  "rate_limit_lockout",
  "data_export",
  "account_closed",
] as const;
export type SecurityEventType = (typeof securityEventTypes)[number];

export const securityEventLabels: Record<SecurityEventType, string> = {
  sign_in_success: "Connexion réussie",
  sign_in_failure: "Échec de connexion",
  sign_out: "Déconnexion",
  password_change: "Mot de passe changé",
  password_reset: "Mot de passe réinitialisé",
  two_factor_enabled: "Double authentification activée",
  two_factor_disabled: "Double authentification désactivée",
  two_factor_reset: "Double authentification réinitialisée par un administrateur",
  backup_code_used: "Code de secours utilisé",
  session_revoked: "Session fermée à distance",
  role_change: "Changement de rôle",
  officer_created: "Compte administrateur créé",
  rate_limit_lockout: "Blocage après trop de tentatives",
  data_export: "Export des données personnelles",
  account_closed: "Compte fermé par son titulaire",
};

/**
 * Why a sign-in failed or what was locked: stable codes written in the journal (never a password
 * or a code), with the label the page shows. Unknown codes are shown as they are.
 */
export const securityEventReasonLabels: Record<string, string> = {
  invalid_credentials: "Adresse e-mail ou mot de passe incorrect",
  unknown_account: "Aucun compte à cette adresse",
  invalid_code: "Code de vérification incorrect",
  invalid_backup_code: "Code de secours incorrect",
  replayed_code: "Code de vérification déjà utilisé",
  expired_challenge: "Vérification expirée",
  two_factor_locked: "Compte bloqué après trop de codes faux",
  "sign-in-email": "Connexions par adresse e-mail",
  "sign-in-ip": "Connexions par adresse IP",
  "reset-email": "Réinitialisations par adresse e-mail",
  "reset-ip": "Réinitialisations par adresse IP",
  "reset-confirm-ip": "Nouveaux mots de passe par adresse IP",
  "password-change-user": "Changements de mot de passe",
  "register-ip": "Inscriptions par adresse IP",
  "two-factor-user": "Codes de vérification du compte",
  client_to_admin: "Client devenu administrateur",
  admin_created: "Compte administrateur créé",
  command_line: "Par la ligne de commande (npm run admin:create)",
  start_up: "Au démarrage du serveur (ADMIN_EMAIL)",
  admin_to_client: "Administrateur devenu client",
  other_session: "Une autre session",
  all_other_sessions: "Toutes les autres sessions",
  account_closed: "Compte fermé",
  requested: "Demandé",
  downloaded: "Téléchargé",
};

export const securityEventPageSize = 50;

/** One line of the journal. */
export type SecurityEventJson = {
  id: number;
  type: SecurityEventType;
  /** ISO time. */
  createdAt: string;
  userId: string | null;
  email: string | null;
  actorId: string | null;
  actorEmail: string | null;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
};

export function securityEventLabel(type: string): string {
  return securityEventLabels[type as SecurityEventType] ?? type;
}

export function securityEventReasonLabel(reason: string | null): string {
  if (!reason) return "";
  return securityEventReasonLabels[reason] ?? reason;
}

export const securityJournalMessages = {
  empty: "Aucun événement pour ces critères.",
  listFailed: "Erreur lors du chargement du journal",
  unknownType: "Type d'événement inconnu",
  invalidDate: "Date invalide (format attendu : AAAA-MM-JJ)",
  datesReversed: "La date de début doit précéder la date de fin",
  accountTooLong: "L'adresse recherchée ne doit pas dépasser 200 caractères",
  invalidCharacters: "La recherche contient des caractères non autorisés",
  /** `?compte=a&compte=b`: the query string carries the account twice. */
  accountNotText: "Recherche invalide : un seul texte est attendu",
} as const;
