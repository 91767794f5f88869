// The history of a loan request: every change, by whom and when (loan_activities).
//   status_change      old/new status; comment: a rejection's reason, a complement's question
//   comment            a note
//   document_added     documentName (document_id set)
//   assignment         old/new officer id
//   document_review    newValue: the verdict, oldValue: the reason; comment; document_id set
//   document_replaced  documentName: the old file's name, newValue: the new one's (document_id: the old)
//   approval_proposed  newValue: the approved amount, comment: the terms in words ("Taux annuel :
//                      11 % · Mensualité : 491 081 FCFA sur 36 mois"); officers only
//   (a confirmed proposal is a status_change by the confirmer, comment naming the proposer,
//   which the client's view leaves out)
//   approval_returned  comment: why it was sent back; officers only
//   contract_prepared, contract_withdrawn (comment: the reason), contract_signed (comment: the
//   evidence), disbursement_proposed (officers only), disbursement, payment, payment_reversed
//   (comment: the reason): the loan after the decision (issue 28), newValue an amount in FCFA
export const loanActivityTypes = [
  "status_change",
  "comment",
  "document_added",
  "assignment",
  "document_review",
  "document_replaced",
  "approval_proposed",
  "approval_returned",
  "contract_prepared",
  "contract_withdrawn",
  "contract_signed",
  "disbursement_proposed",
  "disbursement",
  "payment",
  "payment_reversed",
] as const;
export type LoanActivityType = (typeof loanActivityTypes)[number];

export type ServicingActivityType = Extract<
  LoanActivityType,
  | "contract_prepared"
  | "contract_withdrawn"
  | "contract_signed"
  | "disbursement_proposed"
  | "disbursement"
  | "payment"
  | "payment_reversed"
>;

/** How the history names the steps after the decision. */
export const servicingActivityLabels: Record<ServicingActivityType, string> = {
  contract_prepared: "Contrat préparé",
  contract_withdrawn: "Contrat retiré",
  contract_signed: "Contrat signé",
  disbursement_proposed: "Décaissement enregistré, à confirmer par un second administrateur",
  disbursement: "Fonds décaissés",
  payment: "Paiement reçu",
  payment_reversed: "Paiement annulé",
};
