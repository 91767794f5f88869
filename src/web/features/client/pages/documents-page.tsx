import { PageTitle } from "../../../components/page-title";

export default function ClientDocumentsPage() {
  return (
    <PageTitle
      title="Mes documents"
      description="Vos pièces justificatives, visibles de vous et de nos conseillers."
    />
  );
}
