/**
 * The categories an officer may ask a client for ('Demander un complément'): every one except
 * the one the platform itself makes (the contract, issue 28).
 */
export const requestableCategories = [
  "identite",
  "revenu",
  "banque",
  "fiscal",
  "domicile",
  "professionnel",
  "autre",
] as const;

export const documentCategories = [...requestableCategories, "contrat"] as const;
export type DocumentCategory = (typeof documentCategories)[number];

export const documentCategoryLabels: Record<DocumentCategory, string> = {
  identite: "Pièce d'identité",
  revenu: "Justificatif de revenu",
  banque: "Relevés bancaires",
  fiscal: "Déclaration fiscale",
  domicile: "Justificatif de domicile",
  professionnel: "Document professionnel",
  autre: "Autre document",
  contrat: "Contrat de prêt",
};

export function isDocumentCategory(value: unknown): value is DocumentCategory {
  return (documentCategories as readonly unknown[]).includes(value);
}

/** The three documents every loan request carries, in the order the wizard asks for them. */
export const loanDocumentCategories = ["identite", "revenu", "banque"] as const;
export type LoanDocumentCategory = (typeof loanDocumentCategories)[number];

/** Categories offered by the standalone upload form (the spec's id, income, bank, tax, other). */
export const uploadCategories = ["identite", "revenu", "banque", "fiscal", "autre"] as const;
export type UploadCategory = (typeof uploadCategories)[number];

/** Accepted upload types, checked on the server by their magic bytes. */
export const acceptedFileTypes = ["application/pdf", "image/png", "image/jpeg"] as const;
export const maxUploadBytes = 10 * 1024 * 1024;
export type AcceptedFileType = (typeof acceptedFileTypes)[number];
