import { formatFcfa } from "../format-fcfa";

// What the officers' servicing screens say besides the server's own answers (servicingMessages in
// servicing.ts): the toasts after each step and the wrapping of a failure that is not a sentence
// of its own (a network error, a 500). Kept apart from servicing.ts, which the server shares.

export const servicingOfficerMessages = {
  contractWithdrawn: "Contrat retiré : le client ne peut plus le signer.",
  contractPrepared: "Nouveau contrat préparé : le client est invité à le signer.",
  disbursementRecorded: "Décaissement enregistré : l'échéancier commence.",
  disbursementConfirmed: "Décaissement confirmé : l'échéancier commence.",
  paymentRecorded: "Paiement enregistré.",
  paymentReversed: "Paiement annulé.",
  repaid: "Prêt soldé : tout est remboursé.",
  actionError: (error: string) => `Erreur lors de l'enregistrement : ${error}`,
  actionErrorGeneric: "Une erreur est survenue lors de l'enregistrement.",
  /** The disbursement dialog's hint: the amount approved, and what a smaller one asks. */
  approvedAmountHint: (amount: number) =>
    `Montant approuvé : ${formatFcfa(amount)}. Un montant inférieur demande un motif.`,
  /** Above the threshold, the dialog says before sending that a second officer confirms. */
  disbursementNeedsSecondOfficer: (threshold: number) =>
    `Au-delà de ${formatFcfa(threshold)}, le décaissement doit être confirmé par un second administrateur.`,
  /** Why 'Marquer comme remboursé' is absent: the ledger says when a loan is repaid. */
  repaidByLedger:
    "Le prêt passera à « Soldé » de lui-même quand les paiements enregistrés couvriront tout le solde.",
} as const;
