import { ArrowRight, FolderOpen } from "lucide-react";
import type { DocumentJson } from "../../../../domain/api/documents";
import { documentListMessages } from "../../../../domain/api/documents";
import { dashboardListSize } from "../../../../domain/api/loans";
import type { Page } from "../../../../domain/api/page";
import { ButtonLink } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { paths } from "../../../paths";
import { DocumentList } from "../../loans-shared/document-list";

/** The dashboard's five latest documents; 'Voir tout' only when there are more. */
export function RecentDocumentsCard({ documents }: { documents: Page<DocumentJson> }) {
  const more = documents.total > dashboardListSize;
  return (
    <Card aria-labelledby="recent-documents-title" className="overflow-hidden">
      <CardHeader
        id="recent-documents-title"
        title="Mes documents"
        description={more ? `Les ${dashboardListSize} plus récents` : undefined}
        actions={
          more ? (
            <ButtonLink to={paths.client.documents} variant="outline" size="sm">
              Voir tout
              <span className="sr-only"> (mes documents)</span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
          ) : null
        }
      />
      {documents.items.length === 0 ? (
        <div className="p-5">
          <EmptyState
            icon={<FolderOpen aria-hidden="true" className="size-10" />}
            title={documentListMessages.empty}
          />
        </div>
      ) : (
        <DocumentList documents={documents.items} caption="Mes documents les plus récents" />
      )}
    </Card>
  );
}
