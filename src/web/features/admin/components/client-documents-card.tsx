import { FolderOpen } from "lucide-react";
import type { DocumentJson } from "../../../../domain/api/documents";
import { Card, CardHeader } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { DocumentFileLinks } from "../../loans-shared/document-file-links";
import { DocumentList } from "../../loans-shared/document-list";

const viewOnly = (document: DocumentJson) => (
  <DocumentFileLinks document={document} download={false} />
);

/** Every document of one client, with or without a request; 'Voir' opens it in a new tab. */
export function ClientDocumentsCard({ documents }: { documents: readonly DocumentJson[] }) {
  return (
    <Card aria-labelledby="client-documents-title" className="overflow-hidden">
      <CardHeader
        id="client-documents-title"
        title="Documents"
        description={`${documents.length} document${documents.length > 1 ? "s" : ""}`}
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
