// An officer's verdict on one document of a request (issue 8): 'Conforme', or 'À remplacer' with
// a reason from a short list and an optional comment.

export const documentVerdicts = ["conforme", "a_remplacer"] as const;
export type DocumentVerdict = (typeof documentVerdicts)[number];

export const documentVerdictLabels: Record<DocumentVerdict, string> = {
  conforme: "Conforme",
  a_remplacer: "À remplacer",
};

export const replacementReasons = [
  "illisible",
  "expire",
  "incomplet",
  "ne_correspond_pas",
  "autre",
] as const;
export type ReplacementReason = (typeof replacementReasons)[number];

export const replacementReasonLabels: Record<ReplacementReason, string> = {
  illisible: "Illisible",
  expire: "Expiré",
  incomplet: "Incomplet",
  ne_correspond_pas: "Ne correspond pas au demandeur",
  autre: "Autre",
};

export function isDocumentVerdict(value: unknown): value is DocumentVerdict {
  return typeof value === "string" && (documentVerdicts as readonly string[]).includes(value);
}

export function isReplacementReason(value: unknown): value is ReplacementReason {
  return typeof value === "string" && (replacementReasons as readonly string[]).includes(value);
}

/** "À remplacer (illisible)": the verdict as a badge or a history line reads it. */
export function verdictText(verdict: DocumentVerdict, reason: ReplacementReason | null): string {
  if (verdict === "conforme" || reason === null) return documentVerdictLabels[verdict];
  return `${documentVerdictLabels[verdict]} (${replacementReasonLabels[reason].toLowerCase()})`;
}
