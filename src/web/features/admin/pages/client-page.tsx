import { ArrowLeft } from "lucide-react";
import { adminClientMessages } from "../../../../domain/api/admin-clients";
import { Alert } from "../../../components/alert";
import { ButtonLink } from "../../../components/button";
import { PageTitle } from "../../../components/page-title";
import { pageContext } from "../../../lib/page-context";
import { paths } from "../../../paths";
import { ClientDocumentsCard } from "../components/client-documents-card";
import { ClientLoansCard } from "../components/client-loans-card";
import { ClientProfileCard } from "../components/client-profile-card";
import { ClientSummaryCard } from "../components/client-summary-card";
import type { Route } from "./+types/client-page";

const title = (
  <PageTitle
    title="Détails du client"
    actions={
      <ButtonLink to={paths.admin.clients} variant="outline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Retour
      </ButtonLink>
    }
  />
);

/** The client's card, requests, documents and summary. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  return { detail: await reader.adminClient(params.clientId) };
}

/** Spec: 'Erreur lors du chargement des détails du client.' with the way back to the list. */
export function ErrorBoundary() {
  return (
    <>
      {title}
      <div className="grid justify-items-start gap-4">
        <Alert className="w-full">{adminClientMessages.loadFailed}</Alert>
        <ButtonLink to={paths.admin.clients}>Retour à la liste des clients</ButtonLink>
      </div>
    </>
  );
}

export default function AdminClientPage({ loaderData: { detail } }: Route.ComponentProps) {
  return (
    <>
      {title}
      <div className="grid grid-cols-1 gap-6">
        {/* Who the client is first; the lists below get the page's whole width. */}
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <ClientProfileCard client={detail.client} />
          <ClientSummaryCard summary={detail.summary} />
        </div>
        <ClientLoansCard loans={detail.loans} />
        <ClientDocumentsCard documents={detail.documents} />
      </div>
    </>
  );
}
