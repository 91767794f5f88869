import { Download, Eye } from "lucide-react";
import { type DocumentJson, documentFileUrl } from "../../../domain/api/documents";
import { NewTabLink } from "../../components/new-tab-link";
import { DocumentSpokenName } from "./document-spoken-name";

const linkClasses =
  "inline-flex min-h-10 items-center gap-1 rounded-md px-1 font-semibold whitespace-nowrap text-brand-700 hover:underline";

/** 'Voir' opens the file in a new tab; 'Télécharger' saves it. */
export function DocumentFileLinks({
  document,
  download = true,
}: {
  document: DocumentJson;
  download?: boolean;
}) {
  return (
    <>
      <NewTabLink href={documentFileUrl(document.id, "inline")} className={linkClasses}>
        <Eye aria-hidden="true" className="size-4" />
        Voir
        <DocumentSpokenName document={document} />
      </NewTabLink>
      {download ? (
        <a href={documentFileUrl(document.id, "attachment")} download className={linkClasses}>
          <Download aria-hidden="true" className="size-4" />
          Télécharger
          <DocumentSpokenName document={document} />
        </a>
      ) : null}
    </>
  );
}
