import type { DocumentJson } from "../../../domain/api/documents";
import { documentCategoryLabels } from "../../../domain/document-category";

/**
 * What a screen reader hears after a document's action ("Voir", "Télécharger", "Supprimer",
 * "Donner un avis sur"): the file's name, then its category, and "remplacé" for a version no
 * longer current. A dossier may hold several files of one name, and their controls must differ.
 */
export function DocumentSpokenName({ document }: { document: DocumentJson }) {
  return (
    <span className="sr-only">
      {" "}
      <bdi>{document.fileName}</bdi> ({documentCategoryLabels[document.category]}
      {document.replacedAt ? ", remplacé" : ""})
    </span>
  );
}
