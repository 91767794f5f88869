import type { DocumentJson } from "./documents";
import type { ClientLoanJson } from "./loans";
import type { LoanAccountJson } from "./servicing";
import type { UserJson } from "./users";

// The client's data rights (issue 18), from 'Mon profil':
//   POST /api/me/data-exports                -> 202 { export } (a running one: 200, the same)
//   GET  /api/me/data-exports/latest         -> { export: DataExportJson | null }
//   GET  /api/me/data-exports/:id/archive    -> the zip, to its owner only (404 for anyone else)
//   POST /api/me/close-account { password }  -> 204, the account closed (409 while under review)
// What the archive holds and what closing erases: docs/decisions/2026-11-26-data-rights.md.

export const dataExportStatuses = ["pending", "building", "ready", "failed"] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

export type DataExportJson = {
  id: string;
  status: DataExportStatus;
  /** Entries of the archive written so far, out of `entriesTotal` (0 until counted). */
  entriesDone: number;
  entriesTotal: number;
  /** 0 to 100. */
  percent: number;
  /** Bytes of the finished archive; null until ready. */
  sizeBytes: number | null;
  createdAt: string;
  readyAt: string | null;
  /** After this ISO time the archive is deleted; null until ready. */
  expiresAt: string | null;
};

export const dataRightsMessages = {
  exportStarted: "La préparation de vos données a commencé",
  exportReady: "Vos données sont prêtes à être téléchargées",
  exportFailed: "La préparation de vos données a échoué. Veuillez réessayer.",
  exportStartFailed: "Impossible de lancer la préparation de vos données",
  exportLoadFailed: "Impossible de connaître l'état de votre export",
  exportNotFound: "Export introuvable ou expiré",
  exportFileMissing: "Le fichier de cet export est introuvable. Veuillez en demander un nouveau.",
  passwordRequired: "Veuillez saisir votre mot de passe",
  wrongPassword: "Mot de passe incorrect",
  underReview:
    "Vous ne pouvez pas fermer votre compte tant qu'une demande de prêt est en cours d'examen. Attendez la décision ou contactez votre conseiller.",
  officersCannotClose:
    "Un compte administrateur ne se ferme pas ici : un autre administrateur doit lui retirer ce rôle.",
  closed: "Votre compte a été fermé",
  closeFailed: "La fermeture du compte a échoué",
  accountClosed: "Ce compte a été fermé. Contactez l'agence pour toute question sur vos demandes.",
  clientAccountClosed:
    "Le compte de ce client est fermé : ses demandes sont consultables, mais plus modifiables.",
} as const;

/** The badge officers see on a closed client. */
export const closedAccountLabel = "Compte fermé";

/** An e-mail the platform sent (or tried to send) to the client about one of its requests. */
export type ExportedMail = {
  loanId: number | null;
  subject: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
};

/** An SMS sent to the client about one of its requests, with its delivery receipt if any. */
export type ExportedSms = {
  loanId: number | null;
  /** Empty once the account is closed (the number is erased). */
  toNumber: string;
  text: string;
  kind: string;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
  /** The receipt's state (DELIVRD, UNDELIV...); null without one. */
  delivery: string | null;
};

/**
 * `donnees.json`, at the root of the archive. Its `documents` name where each file is in the
 * archive (`archivePath`, under `documents/`), or null when the file could not be read.
 */
export type DataExportArchive = {
  format: "horizon-credit-donnees-personnelles/1";
  exportedAt: string;
  profile: UserJson & {
    notifications: { email: boolean; sms: boolean | null; smsPhone: string | null };
  };
  requests: ClientLoanJson[];
  /**
   * After the decision, as the client's request page shows it: the contract and its signature,
   * the disbursement, the schedule and the payments (the contract's PDFs are in `documents`).
   */
  servicing: LoanAccountJson[];
  documents: Array<DocumentJson & { archivePath: string | null }>;
  notices: { emails: ExportedMail[]; sms: ExportedSms[] };
};
