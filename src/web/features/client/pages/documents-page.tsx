import { areaHeadings } from "../../../../domain/area-routes";
import { PageTitle } from "../../../components/page-title";
import { ClientDocumentsCard } from "../components/client-documents-card";
import { DocumentUploadForm } from "../components/document-upload-form";

export default function ClientDocumentsPage() {
  return (
    <>
      <PageTitle {...areaHeadings.clientDocuments} />
      <div className="space-y-6">
        <DocumentUploadForm />
        <ClientDocumentsCard />
      </div>
    </>
  );
}
