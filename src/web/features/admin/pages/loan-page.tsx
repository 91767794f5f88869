import {
  ArrowLeft,
  Check,
  CheckCheck,
  FilePlus2,
  Hourglass,
  MessageSquarePlus,
  UserPlus,
  X,
} from "lucide-react";
import { useState } from "react";
import { isRouteErrorResponse } from "react-router";
import { type AdminLoanJson, adminLoanMessages } from "../../../../domain/api/admin-loans";
import { approvalMessages } from "../../../../domain/api/approval";
import { dataRightsMessages } from "../../../../domain/api/data-rights";
import { dossierMessages } from "../../../../domain/api/dossier";
import type { LoanActivityJson } from "../../../../domain/api/loans";
import type { AdminLoanAccountJson } from "../../../../domain/api/servicing";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { canOfficerTransition, canTransition } from "../../../../domain/loan-status";
import { Alert } from "../../../components/alert";
import { Button, ButtonLink } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { PageTitle } from "../../../components/page-title";
import { RouteLoadError } from "../../../components/route-load-error";
import { toast } from "../../../components/toast";
import type { User } from "../../../lib/auth/user";
import { pageContext } from "../../../lib/page-context";
import { paths } from "../../../paths";
import { LoanHistory } from "../../loans-shared/loan-history";
import {
  actionFailureMessage,
  assignFailure,
  noteFailure,
  statusFailure,
} from "../components/action-failure";
import {
  AdminLoanInfoCard,
  AssignationCard,
  ClientCard,
  NotesCard,
  SummaryCard,
} from "../components/admin-loan-cards";
import { ApprovalPanel } from "../components/approval-panel";
import { AssignDialog } from "../components/assign-dialog";
import { DossierDocumentsCard } from "../components/dossier/dossier-documents-card";
import { reviewFailure } from "../components/dossier/dossier-failures";
import { InfoRequestCard } from "../components/dossier/info-request-card";
import { InfoRequestDialog } from "../components/dossier/info-request-dialog";
import { LoanStatusDialog } from "../components/loan-status-dialog";
import { NoteDialog } from "../components/note-dialog";
import { servicingFailureMessage } from "../servicing/servicing-failure";
import { hasServicing, offersManualCompletion } from "../servicing/servicing-rules";
import { ServicingSection } from "../servicing/servicing-section";
import type { Route } from "./+types/loan-page";

/** The officers' API names the assignees in an assignment's old and new values. */
function describeAssignment(activity: LoanActivityJson) {
  if (activity.newValue === null) {
    return activity.oldValue ? `Assignation retirée (${activity.oldValue})` : "Assignation retirée";
  }
  return activity.oldValue
    ? `Demande réassignée de ${activity.oldValue} à ${activity.newValue}`
    : `Demande assignée à ${activity.newValue}`;
}

function NoLoan() {
  return (
    <div className="space-y-4">
      <Alert tone="info">{adminLoanMessages.noLoan}</Alert>
      <ButtonLink to={paths.admin.loans} variant="outline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Retour à la liste
      </ButtonLink>
    </div>
  );
}

function titleOf(loanId: string | undefined) {
  return /^[1-9]\d{0,9}$/.test(loanId ?? "")
    ? `Demande de prêt ${formatLoanId(Number(loanId))}`
    : "Demande de prêt";
}

const back = (
  <ButtonLink to={paths.admin.loans} variant="outline">
    <ArrowLeft aria-hidden="true" className="size-4" />
    Retour
  </ButtonLink>
);

/** The request with its client, documents, notes and history, and the officers to assign it to. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  const [loan, administrators] = await Promise.all([
    reader.adminLoan(params.loanId),
    reader.administrators(),
  ]);
  // After the decision (issue 28): the contract, the disbursement, the schedule and the payments
  // of an approved (or repaid) request; the others have none to read.
  const account =
    loan.status === "approved" || loan.status === "completed"
      ? await reader.adminLoanAccount(params.loanId)
      : null;
  return { loan, administrators, account };
}

/** A request that does not exist (404), or could not be read. */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && (error.status === 404 || error.status === 400);
  return (
    <>
      <PageTitle title={titleOf(params.loanId)} actions={back} />
      {missing ? <NoLoan /> : <RouteLoadError message={adminLoanMessages.loadDataError} />}
    </>
  );
}

export default function AdminLoanPage({ loaderData, params }: Route.ComponentProps) {
  return (
    <LoanReview
      loan={loaderData.loan}
      account={loaderData.account}
      administrators={loaderData.administrators}
      title={titleOf(params.loanId)}
      back={back}
    />
  );
}

function LoanReview({
  loan,
  account,
  administrators,
  title,
  back,
}: {
  loan: AdminLoanJson;
  account: AdminLoanAccountJson | null;
  administrators: readonly User[];
  title: string;
  back: React.ReactNode;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const failWith = (messages: typeof statusFailure) => (error: unknown) =>
    setFailure(actionFailureMessage(error, messages));
  const statusFailed = failWith(statusFailure);
  const statusChanged = (updated: AdminLoanJson) => {
    setFailure(null);
    toast.success(
      updated.approvalProposal
        ? approvalMessages.proposed
        : adminLoanMessages.statusUpdated(updated.status),
    );
  };

  // info_requested -> in_review is the client's move (sending the complements), not a button's;
  // while a four-eyes proposal waits, its decision comes first (the server refuses the rest).
  const statusButton = (to: "in_review" | "approved" | "rejected" | "completed") =>
    loan.approvalProposal === null && canOfficerTransition(loan.status, to);

  return (
    <>
      <PageTitle title={title} actions={back} />
      <div role="toolbar" aria-label="Actions sur la demande" className="mb-6 flex flex-wrap gap-2">
        <LoanStatusDialog
          loan={loan}
          to="in_review"
          onSuccess={statusChanged}
          onFailure={statusFailed}
          trigger={
            <Button variant="outline" disabled={!statusButton("in_review")}>
              <Hourglass aria-hidden="true" className="size-4" />
              Mettre en cours
            </Button>
          }
        />
        <LoanStatusDialog
          loan={loan}
          to="approved"
          onSuccess={statusChanged}
          onFailure={statusFailed}
          trigger={
            <Button disabled={!statusButton("approved")}>
              <Check aria-hidden="true" className="size-4" />
              Approuver
            </Button>
          }
        />
        <LoanStatusDialog
          loan={loan}
          to="rejected"
          onSuccess={statusChanged}
          onFailure={statusFailed}
          trigger={
            <Button variant="danger" disabled={!statusButton("rejected")}>
              <X aria-hidden="true" className="size-4" />
              Rejeter
            </Button>
          }
        />
        <InfoRequestDialog
          loan={loan}
          onSuccess={() => {
            setFailure(null);
            toast.success(dossierMessages.infoRequested);
          }}
          onFailure={statusFailed}
          trigger={
            <Button
              variant="secondary"
              disabled={
                loan.approvalProposal !== null || !canTransition(loan.status, "info_requested")
              }
            >
              <FilePlus2 aria-hidden="true" className="size-4" />
              Demander un complément
            </Button>
          }
        />
        {/* By hand only where the ledger does not run; with a contract, 'Soldé' is the ledger's. */}
        {offersManualCompletion(loan.status, account) ? (
          <LoanStatusDialog
            loan={loan}
            to="completed"
            onSuccess={statusChanged}
            onFailure={statusFailed}
            trigger={
              <Button variant="secondary">
                <CheckCheck aria-hidden="true" className="size-4" />
                Marquer comme remboursé
              </Button>
            }
          />
        ) : null}
        <AssignDialog
          loan={loan}
          administrators={administrators}
          onSuccess={(updated) => {
            setFailure(null);
            toast.success(
              updated.assignee ? adminLoanMessages.assigned : adminLoanMessages.unassigned,
            );
          }}
          onFailure={failWith(assignFailure)}
          trigger={
            <Button variant="outline">
              <UserPlus aria-hidden="true" className="size-4" />
              {loan.assignee ? "Réassigner" : "Assigner"}
            </Button>
          }
        />
        <NoteDialog
          loanId={loan.id}
          onSuccess={() => {
            setFailure(null);
            toast.success(adminLoanMessages.noteAdded);
          }}
          onFailure={failWith(noteFailure)}
          trigger={
            <Button variant="outline">
              <MessageSquarePlus aria-hidden="true" className="size-4" />
              Ajouter une note
            </Button>
          }
        />
      </div>

      {failure ? (
        <Alert className="mb-6" onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      {loan.client.closedAt ? (
        <Alert tone="warning" className="mb-6">
          {dataRightsMessages.clientAccountClosed}
        </Alert>
      ) : null}

      {loan.approvalProposal ? (
        <ApprovalPanel
          loan={loan}
          proposal={loan.approvalProposal}
          onFailure={statusFailed}
          onDecided={() => setFailure(null)}
        />
      ) : null}

      <div className="space-y-6">
        {hasServicing(account) && account ? (
          <ServicingSection
            loan={loan}
            account={account}
            onFailure={(error) => setFailure(servicingFailureMessage(error))}
            onDone={() => setFailure(null)}
          />
        ) : null}
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <AdminLoanInfoCard loan={loan} />
          </div>
          <div className="min-w-0 space-y-6">
            <ClientCard client={loan.client} />
            <AssignationCard loan={loan} />
            <SummaryCard loan={loan} />
          </div>
        </div>
        {/* Full width: the documents table needs it beside the sidebar. */}
        {loan.infoRequest ? <InfoRequestCard request={loan.infoRequest} /> : null}
        <DossierDocumentsCard
          loan={loan}
          onReviewed={() => {
            setFailure(null);
            toast.success(dossierMessages.reviewSaved);
          }}
          onReviewFailed={failWith(reviewFailure)}
        />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <NotesCard notes={loan.notes} />
          <Card aria-labelledby="loan-history-title" className="min-w-0">
            <CardHeader id="loan-history-title" title="Historique" />
            <CardBody>
              <LoanHistory
                activities={loan.activities}
                notices={loan.notices}
                describeAssignment={describeAssignment}
              />
            </CardBody>
          </Card>
        </div>
      </div>
    </>
  );
}
