import { PageTitle } from "../../../components/page-title";
import { ClientDocumentsCard } from "../components/client-documents-card";
import { DocumentUploadForm } from "../components/document-upload-form";

export default function ClientDocumentsPage() {
  return (
    <>
      <PageTitle
        title="Mes documents"
        description="Vos pièces justificatives, visibles de vous et de nos conseillers."
      />
      <div className="space-y-6">
        <DocumentUploadForm />
        <ClientDocumentsCard />
      </div>
    </>
  );
}
