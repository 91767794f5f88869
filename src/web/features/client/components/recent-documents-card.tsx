import { ArrowRight, FolderOpen } from "lucide-react";
import { documentListMessages } from "../../../../domain/api/documents";
import { dashboardListSize } from "../../../../domain/api/loans";
import { ButtonLink } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { LoadError } from "../../../components/load-error";
import { SectionSpinner } from "../../../components/section-spinner";
import { paths } from "../../../paths";
import { DocumentList } from "../../loans-shared/document-list";
import { useDocuments } from "../api/get-documents";

/** The dashboard's five latest documents; 'Voir tout' only when there are more. */
export function RecentDocumentsCard() {
  const documents = useDocuments({ page: 1, pageSize: dashboardListSize });
  const more = documents.data && documents.data.total > dashboardListSize;
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
      {documents.isPending ? (
        <SectionSpinner label="Chargement des documents…" />
      ) : documents.isError ? (
        <div className="p-5">
          <LoadError
            message={documentListMessages.loadFailed}
            onRetry={() => void documents.refetch()}
          />
        </div>
      ) : documents.data.items.length === 0 ? (
        <div className="p-5">
          <EmptyState
            icon={<FolderOpen aria-hidden="true" className="size-10" />}
            title={documentListMessages.empty}
          />
        </div>
      ) : (
        <DocumentList documents={documents.data.items} caption="Mes documents les plus récents" />
      )}
    </Card>
  );
}
