import { documentPageSize } from "../../../../domain/api/documents";
import { PageTitle } from "../../../components/page-title";
import { keepPageInRange, listQuery } from "../../../lib/list-query";
import { pageContext } from "../../../lib/page-context";
import { ClientDocumentsCard } from "../components/client-documents-card";
import { DocumentUploadForm } from "../components/document-upload-form";
import type { Route } from "./+types/documents-page";

/** The client's documents, newest first, 20 a page (`?page=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  const documents = await reader.documents(
    listQuery(request, { pageSize: String(documentPageSize) }),
  );
  keepPageInRange(request, documents, { emptyToo: true });
  return { documents };
}

export default function ClientDocumentsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle
        title="Mes documents"
        description="Vos pièces justificatives, visibles de vous et de nos conseillers."
      />
      <div className="space-y-6">
        <DocumentUploadForm />
        <ClientDocumentsCard documents={loaderData.documents} />
      </div>
    </>
  );
}
