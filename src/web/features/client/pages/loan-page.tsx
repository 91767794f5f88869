import { ArrowLeft } from "lucide-react";
import { lazy, Suspense } from "react";
import { isRouteErrorResponse, useRevalidator } from "react-router";
import { loanMessages } from "../../../../domain/api/loans";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { Alert } from "../../../components/alert";
import { ButtonLink } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { PageTitle } from "../../../components/page-title";
import { SectionSpinner } from "../../../components/section-spinner";
import { useAuth } from "../../../lib/auth/auth-provider";
import { pageContext } from "../../../lib/page-context";
import { paths } from "../../../paths";
import { LoanDocumentsCard } from "../../loans-shared/loan-documents-card";
import { LoanHistory } from "../../loans-shared/loan-history";
import { LoanInfoCard } from "../../loans-shared/loan-info-card";
import { LoanNoteForm } from "../components/loan-note-form";
import { LoanStatusBanner } from "../components/loan-status-banner";
import type { Route } from "./+types/loan-page";

// The panel where a client answers a request for complements (file slots, uploads, photo
// compression: about a third of the page's code) loads only on a request that has one open.
const ComplementPanel = lazy(() =>
  import("../complement/complement-panel").then((m) => ({ default: m.ComplementPanel })),
);
// After the approval (issue 28): the contract and its signature, the schedule, the payments. Only
// approved and repaid requests have them, and the signature's code is a form of its own.
const LoanServicingPanel = lazy(() =>
  import("../servicing/loan-servicing-panel").then((m) => ({ default: m.LoanServicingPanel })),
);

/** The statuses a request has a contract and a schedule in. */
const servicedStatuses = new Set(["approved", "completed"]);

function Failure({ message, back }: { message: string; back: "loans" | "dashboard" }) {
  return (
    <div className="space-y-4">
      <Alert tone="error">{message}</Alert>
      {back === "loans" ? (
        <ButtonLink to={paths.client.loans} variant="outline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Retour à mes demandes
        </ButtonLink>
      ) : (
        <ButtonLink to={paths.client.root} variant="outline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Retour au tableau de bord
        </ButtonLink>
      )}
    </div>
  );
}

/**
 * One of the client's requests, with its documents and history (404: not theirs, or none); once
 * approved, its servicing (contract, schedule, payments), unless it has none (an approval made
 * before contracts existed).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  const loan = await reader.clientLoan(params.loanId);
  const account = servicedStatuses.has(loan.status)
    ? await reader.clientLoanAccount(params.loanId)
    : null;
  const shown = account && (account.contract !== null || account.installments.length > 0);
  return { loan, account: shown ? account : null };
}

/** A request that is not the client's (or does not exist), or that could not be read. */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && (error.status === 404 || error.status === 400);
  const id = /^[1-9]\d{0,9}$/.test(params.loanId ?? "") ? Number(params.loanId) : null;
  return (
    <>
      <PageTitle title={id !== null ? `Demande de prêt ${formatLoanId(id)}` : "Demande de prêt"} />
      {notFound ? (
        <Failure message={loanMessages.notFound} back="loans" />
      ) : (
        <Failure message={loanMessages.loadFailed} back="dashboard" />
      )}
    </>
  );
}

export default function ClientLoanPage({ loaderData }: Route.ComponentProps) {
  const data = loaderData.loan;
  const { user } = useAuth();
  const { revalidate } = useRevalidator();
  const title = `Demande de prêt ${formatLoanId(data.id)}`;

  const backLink = (
    <ButtonLink to={paths.client.loans} variant="ghost" size="sm" className="-ml-3 mb-2">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Mes demandes de prêt
    </ButtonLink>
  );

  // A request waiting for complements: the panel where the client answers, under the banner.
  const openRequest =
    data.status === "info_requested" && data.infoRequest?.answeredAt === null
      ? data.infoRequest
      : null;
  // Replaced versions stay in the dossier (and in the history) but are no longer current.
  const currentDocuments = data.documents.filter((document) => document.replacedAt === null);
  return (
    <>
      {backLink}
      <PageTitle title={title} />
      <div className="space-y-6">
        <LoanStatusBanner loan={data} />
        {openRequest && user ? (
          <Suspense fallback={<SectionSpinner label="Chargement des compléments demandés…" />}>
            <ComplementPanel
              loanId={data.id}
              userId={user.id}
              request={openRequest}
              onStale={() => void revalidate()}
            />
          </Suspense>
        ) : null}
        {loaderData.account ? (
          <Suspense fallback={<SectionSpinner label="Chargement de votre contrat…" />}>
            <LoanServicingPanel account={loaderData.account} />
          </Suspense>
        ) : null}
        <LoanInfoCard loan={data} />
        <LoanDocumentsCard loan={{ documents: currentDocuments }} />
        <div className="grid items-start gap-6 lg:grid-cols-5">
          <Card aria-labelledby="loan-history-title" className="lg:col-span-3">
            <CardHeader id="loan-history-title" title="Historique" />
            <CardBody>
              <LoanHistory activities={data.activities} />
            </CardBody>
          </Card>
          <Card aria-labelledby="loan-note-title" className="lg:col-span-2">
            <CardHeader
              id="loan-note-title"
              title="Ajouter une note"
              description="Elle apparaîtra dans l'historique de la demande."
            />
            <CardBody>
              <LoanNoteForm loanId={data.id} />
            </CardBody>
          </Card>
        </div>
      </div>
    </>
  );
}
