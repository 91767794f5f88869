import { BadgeCheck, Undo2 } from "lucide-react";
import { type ReactNode, useId } from "react";
import { personName } from "../../../../domain/api/admin-clients";
import { type AdminLoanJson, adminLoanMessages } from "../../../../domain/api/admin-loans";
import {
  type ApprovalProposalJson,
  approvalMessages,
  maxReturnCommentLength,
} from "../../../../domain/api/approval";
import { formatDateTime } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatRate } from "../../../../domain/format-rate";
import { ActionDialog } from "../../../components/action-dialog";
import { Badge } from "../../../components/badge";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { TextFormDialog } from "../../../components/text-form-dialog";
import { toast } from "../../../components/toast";
import { useAuth } from "../../../lib/auth/auth-provider";
import { lazySchema } from "../../../lib/lazy-zod";
import { useConfirmApproval, useReturnApproval } from "../api/decide-approval";
import { DebtRatio } from "./loan-status-dialog";

const returnSchema = lazySchema(() =>
  import("../../../../domain/api/approval.schema").then((m) => m.approvalReturnSchema),
);

type PanelProps = {
  loan: AdminLoanJson;
  proposal: ApprovalProposalJson;
  /** The server refused (409 another officer was first, 403...): the page's banner shows it. */
  onFailure: (error: unknown) => void;
  /** A decision went through: the page clears its banner. */
  onDecided: () => void;
};

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A four-eyes approval waiting on /admin/prets/:id: its terms, who proposed it and when, and the
 * two decisions. The proposer's 'Confirmer' is disabled with the reason in words; the server
 * refuses it anyway.
 */
export function ApprovalPanel({ loan, proposal, onFailure, onDecided }: PanelProps) {
  const headingId = useId();
  const reasonId = useId();
  const { user } = useAuth();
  const own = user?.id === proposal.proposedBy.id;
  return (
    <Card aria-labelledby={headingId} className="mb-6 border-amber-300 bg-amber-50/40">
      <CardHeader
        id={headingId}
        title={approvalMessages.awaitingConfirmation}
        description={
          <>
            Proposée par <strong>{personName(proposal.proposedBy)}</strong> le{" "}
            <time dateTime={proposal.proposedAt}>{formatDateTime(proposal.proposedAt)}</time>
          </>
        }
        actions={<Badge tone="warning">En attente d'un second administrateur</Badge>}
      />
      <CardBody>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
          <Term label="Montant approuvé">{formatFcfa(proposal.approvedAmount)}</Term>
          <Term label="Taux annuel">{formatRate(proposal.interestRate)}</Term>
          <Term label={`Mensualité sur ${loan.durationMonths} mois`}>
            {formatFcfa(proposal.monthlyPayment)}
          </Term>
        </dl>
        <div className="mt-2">
          <DebtRatio payment={proposal.monthlyPayment} income={loan.monthlyIncome} />
        </div>
        <div className="mt-5 flex flex-wrap items-center gap-2">
          <ConfirmDialog
            loan={loan}
            proposal={proposal}
            onFailure={onFailure}
            onDecided={onDecided}
            trigger={
              <Button disabled={own} aria-describedby={own ? reasonId : undefined}>
                <BadgeCheck aria-hidden="true" className="size-4" />
                Confirmer l'approbation
              </Button>
            }
          />
          <ReturnDialog
            loan={loan}
            proposal={proposal}
            onFailure={onFailure}
            onDecided={onDecided}
            trigger={
              <Button variant="outline">
                <Undo2 aria-hidden="true" className="size-4" />
                Renvoyer
              </Button>
            }
          />
        </div>
        {own ? (
          <p id={reasonId} className="mt-3 text-sm text-slate-700">
            {approvalMessages.ownProposal}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}

type DecisionDialogProps = PanelProps & { trigger: React.ReactElement };

/** The second officer approves the request with the proposal's terms; the client is told. */
function ConfirmDialog({ loan, proposal, onFailure, onDecided, trigger }: DecisionDialogProps) {
  const mutation = useConfirmApproval(loan.id);
  return (
    <ActionDialog
      trigger={trigger}
      title="Confirmer l'approbation"
      description={`Proposée par ${personName(proposal.proposedBy)} : ${formatFcfa(
        proposal.approvedAmount,
      )} à ${formatRate(proposal.interestRate)} par an, mensualité de ${formatFcfa(
        proposal.monthlyPayment,
      )} sur ${loan.durationMonths} mois.`}
      actionLabel="Confirmer"
      mutation={mutation}
      run={() => mutation.mutateAsync({ proposalId: proposal.id })}
      onDone={() => {
        onDecided();
        toast.success(approvalMessages.confirmed);
      }}
      onFailure={onFailure}
    >
      <p className="text-sm text-slate-700">
        La demande passera à « Approuvé » avec ces conditions.{" "}
        {adminLoanMessages.statusDialogNotice}
      </p>
    </ActionDialog>
  );
}

/** Any officer (the proposer withdrawing included) sends the proposal back, saying why. */
function ReturnDialog({ loan, proposal, onFailure, onDecided, trigger }: DecisionDialogProps) {
  const mutation = useReturnApproval(loan.id);
  return (
    <TextFormDialog
      trigger={trigger}
      title="Renvoyer la proposition"
      description="La demande reste en l'état ; le commentaire apparaîtra dans l'historique."
      submitLabel="Renvoyer"
      mutation={mutation}
      field="comment"
      label="Commentaire"
      hint="Expliquez ce qui doit être revu (montant, taux…)."
      maxLength={maxReturnCommentLength}
      schema={returnSchema}
      other={{ proposalId: proposal.id }}
      submit={async (body) => {
        await mutation.mutateAsync(body as { proposalId: number; comment: string });
        onDecided();
        toast.success(approvalMessages.returned);
      }}
      onFailure={onFailure}
    />
  );
}
