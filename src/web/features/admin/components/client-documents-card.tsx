import { FolderOpen } from "lucide-react";
import { type DocumentJson, documentCountText } from "../../../../domain/api/documents";
import { formatDate } from "../../../../domain/format-date";
import { Badge } from "../../../components/badge";
import { Card, CardHeader } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { DocumentFileLinks } from "../../loans-shared/document-file-links";
import { DocumentList } from "../../loans-shared/document-list";

/** 'Voir' (a new tab), and the 'Remplacé' mark on a version the client replaced. */
const viewOnly = (document: DocumentJson) => (
  <>
    {document.replacedAt !== null ? (
      <Badge>
        Remplacé<span className="sr-only"> le {formatDate(document.replacedAt)}</span>
      </Badge>
    ) : null}
    <DocumentFileLinks document={document} download={false} />
  </>
);

/**
 * Every document of one client, with or without a request; 'Voir' opens it in a new tab. The
 * versions replaced at an officer's request stay listed, marked, and are not counted.
 */
export function ClientDocumentsCard({ documents }: { documents: readonly DocumentJson[] }) {
  const replaced = documents.filter((document) => document.replacedAt !== null).length;
  return (
    <Card aria-labelledby="client-documents-title" className="overflow-hidden">
      <CardHeader
        id="client-documents-title"
        title="Documents"
        description={documentCountText(documents.length, replaced)}
      />
      {documents.length === 0 ? (
        <div className="p-5">
          <EmptyState
            icon={<FolderOpen aria-hidden="true" className="size-10" />}
            title="Aucun document."
          />
        </div>
      ) : (
        <DocumentList
          documents={documents}
          caption="Documents du client"
          showType
          showSize
          actions={viewOnly}
        />
      )}
    </Card>
  );
}
