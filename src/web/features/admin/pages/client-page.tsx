import { ArrowLeft } from "lucide-react";
import { useParams } from "react-router";
import { adminClientMessages } from "../../../../domain/api/admin-clients";
import { Alert } from "../../../components/alert";
import { ButtonLink } from "../../../components/button";
import { PageTitle } from "../../../components/page-title";
import { PageSpinner } from "../../../components/spinner";
import { paths } from "../../../paths";
import { useAdminClient } from "../api/get-client";
import { ClientDocumentsCard } from "../components/client-documents-card";
import { ClientLoansCard } from "../components/client-loans-card";
import { ClientProfileCard } from "../components/client-profile-card";
import { ClientSummaryCard } from "../components/client-summary-card";

export default function AdminClientPage() {
  const { clientId = "" } = useParams();
  const detail = useAdminClient(clientId);
  return (
    <>
      <PageTitle
        title="Détails du client"
        actions={
          <ButtonLink to={paths.admin.clients} variant="outline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Retour
          </ButtonLink>
        }
      />
      {detail.isPending ? (
        <PageSpinner label="Chargement du client…" />
      ) : detail.isError ? (
        <div className="grid justify-items-start gap-4">
          <Alert className="w-full">{adminClientMessages.loadFailed}</Alert>
          <ButtonLink to={paths.admin.clients}>Retour à la liste des clients</ButtonLink>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6">
          {/* Who the client is first; the lists below get the page's whole width. */}
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            <ClientProfileCard client={detail.data.client} />
            <ClientSummaryCard summary={detail.data.summary} />
          </div>
          <ClientLoansCard loans={detail.data.loans} />
          <ClientDocumentsCard documents={detail.data.documents} />
        </div>
      )}
    </>
  );
}
