import type { InfoRequestJson } from "../../../../domain/api/dossier";
import { documentCategoryLabels } from "../../../../domain/document-category";

/**
 * What is still missing before the complements can be sent, in words: each document not yet
 * sent (by its category), then the answer. Empty when everything asked is there — the same rule
 * as isComplementReady, which the server applies too.
 */
export function missingComplements(request: InfoRequestJson, answer: string): string[] {
  const missing = request.items
    .filter((item) => item.providedDocument === null)
    .map((item) => documentCategoryLabels[item.category]);
  if (request.question !== null && answer.trim() === "")
    missing.push("votre réponse à la question");
  return missing;
}

/** The line under the send button: what remains, or that everything is ready. */
export function complementProgressText(missing: readonly string[]): string {
  if (missing.length === 0) return "Tout est prêt : vous pouvez envoyer vos compléments.";
  return `Il manque encore : ${missing.join(", ")}.`;
}
