import type { PortfolioFigures } from "../portfolio";
import type { InstallmentStateCode } from "../repayment-allocation";
import type { PersonJson } from "./users";

// After the decision (issue 28): the contract, its signature, the disbursement, the schedule and
// the repayments, as the client's and the officers' pages read them. The routes:
//
// Client (own requests only; another's answers 404 as a missing one):
//   GET  /api/loans/:id/servicing                         -> { account: LoanAccountJson }
//   POST /api/loans/:id/contract/code                     -> { account } (code sent by SMS, or
//                                                            e-mail without SMS consent)
//   POST /api/loans/:id/contract/sign   ContractSignInput -> { account }
//   GET  /api/loans/:id/certificate.pdf                   -> application/pdf (once 'Soldé')
//   The contract's PDFs are documents of the request: GET /api/documents/:documentId/file.
//
// Officers:
//   GET  /api/admin/loans/:id/servicing                   -> { account: AdminLoanAccountJson }
//   POST /api/admin/loans/:id/contract/withdraw  ContractWithdrawInput -> { account }
//   POST /api/admin/loans/:id/contract/prepare   {}                    -> { account }
//   POST /api/admin/loans/:id/disbursement       DisbursementInput     -> 201 { account }
//   POST /api/admin/loans/:id/disbursement/confirm DisbursementConfirmInput -> { account }
//   POST /api/admin/loans/:id/payments           PaymentInput          -> 201 { account }
//   POST /api/admin/loans/:id/payments/:paymentId/reversal PaymentReversalInput -> { account }
//   GET  /api/admin/statement-mappings                    -> { mappings: StatementMappingJson[] }
//   PUT  /api/admin/statement-mappings/:channel  StatementMappingInput -> { mapping }
//   POST /api/admin/statement-imports            StatementImportInput  -> 201 { import } (200
//                                                  and `duplicate: true` for a file seen before)
//   GET  /api/admin/statement-imports/:id                 -> { import: StatementImportJson }
//   POST /api/admin/statement-imports/:id/confirm StatementConfirmInput -> { import }
//   GET  /api/admin/stats/portfolio                       -> PortfolioStatsJson
//   GET  /api/admin/loans?suivi=a_decaisser|en_remboursement|en_retard|solde (and the CSV export)
// The bodies' schemas (and their Input types) are in servicing.schema.ts.

export const paymentChannels = [
  "orange_money",
  "wave",
  "mtn_momo",
  "moov",
  "free_money",
  "virement",
  "especes",
] as const;
export type PaymentChannel = (typeof paymentChannels)[number];

export const paymentChannelLabels: Record<PaymentChannel, string> = {
  orange_money: "Orange Money",
  wave: "Wave",
  mtn_momo: "MTN MoMo",
  moov: "Moov Money",
  free_money: "Free Money",
  virement: "Virement bancaire",
  especes: "Espèces en agence",
};

export type ServicingStage = "contract" | "to_disburse" | "repaying" | "repaid";

/** The officers' list filter `suivi`, as its URL carries it. */
export const servicingFilters = ["a_decaisser", "en_remboursement", "en_retard", "solde"] as const;
export type ServicingFilter = (typeof servicingFilters)[number];

export const servicingFilterLabels: Record<ServicingFilter, string> = {
  a_decaisser: "À décaisser",
  en_remboursement: "En remboursement",
  en_retard: "En retard",
  solde: "Soldé",
};

export const servicingStageLabels: Record<ServicingStage, string> = {
  contract: "Contrat à signer",
  to_disburse: "À décaisser",
  repaying: "En remboursement",
  repaid: "Soldé",
};

export type ContractState = "prepared" | "sent" | "signed" | "expired" | "withdrawn";

export const contractStateLabels: Record<ContractState, string> = {
  prepared: "Préparé",
  sent: "Envoyé pour signature",
  signed: "Signé",
  expired: "Expiré",
  withdrawn: "Retiré",
};

/** The one-time code: 6 digits, 10 minutes, 5 wrong codes lock the signature 15 minutes. */
export const signatureCodeLength = 6;
export const signatureCodeMinutes = 10;
export const signatureMaxWrongCodes = 5;
export const signatureLockMinutes = 15;

export type ContractJson = {
  id: number;
  state: ContractState;
  /** "Signé le 3 décembre 2026" for a signed one; the state's label otherwise. */
  stateLabel: string;
  amount: number;
  durationMonths: number;
  /** Percent a year. */
  annualRatePercent: number;
  feesAmount: number;
  monthlyPayment: number;
  preparedAt: string;
  expiresAt: string;
  /** The PDF to read (unsigned) and, once signed, the sealed one: documents of the request. */
  unsignedDocumentId: string | null;
  signedDocumentId: string | null;
  signedAt: string | null;
  /** When the last code was sent and until when it is valid; null when none is waiting. */
  codeSentAt: string | null;
  codeExpiresAt: string | null;
  /** Until when the signature is locked after 5 wrong codes; null when it is not. */
  lockedUntil: string | null;
};

/** What officers see of the signature besides: the evidence. */
export type AdminContractJson = ContractJson & {
  unsignedSha256: string;
  signedSha256: string | null;
  signer: PersonJson | null;
  signerIp: string | null;
  signerUserAgent: string | null;
  wrongAttempts: number;
  withdrawnAt: string | null;
  withdrawalReason: string | null;
};

export type DisbursementJson = {
  id: number;
  /** 'proposed': above the four-eyes threshold, waiting for a second officer. */
  status: "proposed" | "confirmed";
  disbursedOn: string;
  channel: PaymentChannel;
  channelLabel: string;
  reference: string;
  amount: number;
  /** Why less than the approved amount was paid out. */
  reason: string | null;
  recordedBy: PersonJson;
  recordedAt: string;
  confirmedBy: PersonJson | null;
  confirmedAt: string | null;
};

export type InstallmentJson = {
  number: number;
  dueDate: string;
  principal: number;
  interest: number;
  amount: number;
  paid: number;
  remaining: number;
  state: InstallmentStateCode;
  /** 'À venir', 'Payée', 'Partiellement payée', 'En retard de N jours'. */
  stateLabel: string;
  daysLate: number;
};

export type PaymentJson = {
  id: number;
  paidOn: string;
  amount: number;
  channel: PaymentChannel;
  channelLabel: string;
  reference: string;
  createdAt: string;
  reversedAt: string | null;
  reversalReason: string | null;
};

export type AdminPaymentJson = PaymentJson & {
  recordedBy: PersonJson;
  reversedBy: PersonJson | null;
  /** The statement import it came from, if any. */
  importId: number | null;
};

/** A mobile-money or bank account of the firm's, shown to clients (PAYMENT_ACCOUNTS). */
export type PaymentAccountJson = { channel: PaymentChannel; label: string; number: string };

export type LoanAccountJson = {
  loanId: number;
  stage: ServicingStage | null;
  stageLabel: string | null;
  contract: ContractJson | null;
  disbursement: DisbursementJson | null;
  /** Empty until the disbursement is confirmed. */
  installments: InstallmentJson[];
  payments: PaymentJson[];
  /** What is left to repay (principal and interest), whole FCFA. */
  remainingBalance: number;
  outstandingPrincipal: number;
  nextPayment: { number: number; dueDate: string; amount: number } | null;
  /** How to pay: the firm's accounts and the reference to give (the request's number). */
  paymentInstructions: { accounts: PaymentAccountJson[]; reference: string };
  /** The certificate of repayment can be downloaded (the loan is 'Soldé'). */
  certificateAvailable: boolean;
};

/**
 * What the client's signature steps answer (POST /api/loans/:id/contract/code and /sign): the
 * account as it now is, and what to tell the client (codeSentSms or codeSentEmail, as the code
 * was sent; signed).
 */
export type ContractStepJson = { account: LoanAccountJson; message: string };

export type AdminLoanAccountJson = Omit<LoanAccountJson, "contract" | "payments"> & {
  contract: AdminContractJson | null;
  /** Every contract of the request, newest first (withdrawn and expired ones included). */
  contractHistory: AdminContractJson[];
  payments: AdminPaymentJson[];
  /** Whole FCFA: a disbursement above it needs a second officer. */
  secondOfficerAbove: number;
};

export type StatementMappingJson = {
  channel: PaymentChannel;
  dateColumn: string;
  amountColumn: string;
  referenceColumn: string;
  phoneColumn: string | null;
};

export type StatementRowStatus = "proposed" | "unmatched" | "recorded" | "already_recorded";

export type StatementRowJson = {
  /** 1 for the first row after the header. */
  row: number;
  paidOn: string | null;
  amount: number | null;
  reference: string;
  phone: string | null;
  status: StatementRowStatus;
  /** The request the row was matched to, and how. */
  loanId: number | null;
  matchedBy: "reference" | "phone_amount" | null;
  /** Why a row matched nothing or could not be recorded (French). */
  problem: string | null;
  paymentId: number | null;
};

export type StatementImportJson = {
  id: number;
  channel: PaymentChannel;
  fileName: string;
  fileSha256: string;
  createdAt: string;
  importedBy: PersonJson;
  rows: StatementRowJson[];
  /** The same file was imported before: this is that import, nothing new was read. */
  duplicate?: boolean;
};

/** portfolio.ts defines the figures; the dashboard adds the count of loans being repaid. */
export type PortfolioFiguresJson = PortfolioFigures & {
  /** Loans disbursed and not repaid. */
  activeLoans: number;
};

export type PortfolioStatsJson = {
  firm: PortfolioFiguresJson;
  offices: Array<{ office: "abidjan" | "dakar" | "lome"; figures: PortfolioFiguresJson }>;
};

export const servicingMessages = {
  notFound: "Demande de prêt introuvable",
  noContract: "Aucun contrat n'est à signer pour cette demande.",
  contractNotSignable: "Ce contrat ne peut plus être signé : il a été retiré ou a expiré.",
  contractExpired: "Ce contrat a expiré : votre conseiller doit en préparer un nouveau.",
  codeSentSms: "Un code de signature vous a été envoyé par SMS. Il est valable 10 minutes.",
  codeSentEmail: "Un code de signature vous a été envoyé par e-mail. Il est valable 10 minutes.",
  noChannel:
    "Nous ne pouvons pas vous envoyer de code : ajoutez un numéro de mobile ou activez les e-mails dans « Mon profil ».",
  codeInvalid: "Code incorrect. Vérifiez le code reçu et réessayez.",
  codeMissing: "Veuillez entrer le code à 6 chiffres reçu",
  codeExpired: "Ce code a expiré. Demandez un nouveau code.",
  noCode: "Demandez d'abord un code de signature.",
  locked: (until: string) =>
    `Trop de codes incorrects : la signature est bloquée jusqu'à ${until}. Réessayez ensuite.`,
  signed: "Contrat signé. Merci ! Votre conseiller va procéder au décaissement.",
  notApproved: "Seule une demande approuvée a un contrat.",
  alreadySigned: "Ce contrat est déjà signé : il ne peut plus être retiré.",
  noLiveContract: "Aucun contrat en cours à retirer pour cette demande.",
  liveContractExists: "Un contrat est déjà en cours pour cette demande : retirez-le d'abord.",
  withdrawReason: "Veuillez indiquer pourquoi le contrat est retiré",
  notSigned: "Le contrat doit être signé avant le décaissement.",
  alreadyDisbursed: "Le décaissement de cette demande est déjà enregistré.",
  noProposedDisbursement: "Aucun décaissement n'attend de confirmation pour cette demande.",
  ownDisbursement:
    "Vous ne pouvez pas confirmer votre propre décaissement : un autre administrateur doit le faire.",
  disbursementProposed:
    "Décaissement enregistré : un second administrateur doit le confirmer avant l'échéancier.",
  amountAboveApproved: "Le montant décaissé ne peut pas dépasser le montant approuvé",
  reasonRequired:
    "Veuillez indiquer pourquoi le montant décaissé est inférieur au montant approuvé",
  notDisbursed: "Le prêt n'est pas encore décaissé : aucun remboursement ne peut être enregistré.",
  amountAboveBalance: (balance: string) => `Le montant dépasse le solde restant dû (${balance})`,
  referenceTaken: "Cette référence de paiement est déjà enregistrée.",
  paymentNotFound: "Paiement introuvable",
  alreadyReversed: "Ce paiement est déjà annulé.",
  reversalReason: "Veuillez indiquer le motif de l'annulation",
  notRepaid: "L'attestation de remboursement sera disponible une fois le prêt soldé.",
  importNotFound: "Relevé introuvable",
  mappingMissing: "Indiquez d'abord les colonnes de ce relevé (date, montant, référence).",
  csvUnreadable: "Le fichier n'est pas un CSV lisible.",
  csvColumnMissing: (column: string) => `La colonne « ${column} » est absente du relevé.`,
  rowUnmatched: "Aucun prêt ne correspond à cette référence ni à ce numéro et ce montant.",
  rowUnreadable: "Date ou montant illisible.",
} as const;
