import { BadgeCheck, Banknote } from "lucide-react";
import { useId } from "react";
import { personName } from "../../../../domain/api/admin-clients";
import { type DisbursementJson, servicingMessages } from "../../../../domain/api/servicing";
import { formatDate, formatDateTime } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { Badge } from "../../../components/badge";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { ConfirmDisbursementDialog, DisbursementDialog } from "./disbursement-dialogs";
import type { DisbursementStep } from "./servicing-rules";

// The disbursement on the officers' request page: recorded once the contract is signed; above
// the four-eyes threshold 'proposed' until another officer confirms it (the recorder sees why
// their own button is off: the server's own answer, servicingMessages.ownDisbursement).

function Details({ disbursement }: { disbursement: DisbursementJson }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
      <dt className="text-slate-600">Date</dt>
      <dd className="mb-1 text-slate-900 sm:mb-0">{formatDate(disbursement.disbursedOn)}</dd>
      <dt className="text-slate-600">Montant</dt>
      <dd className="mb-1 font-semibold text-slate-900 sm:mb-0">
        {formatFcfa(disbursement.amount)}
      </dd>
      {disbursement.reason ? (
        <>
          <dt className="text-slate-600">Motif du montant</dt>
          <dd className="mb-1 text-slate-900 sm:mb-0">{disbursement.reason}</dd>
        </>
      ) : null}
      <dt className="text-slate-600">Moyen</dt>
      <dd className="mb-1 text-slate-900 sm:mb-0">{disbursement.channelLabel}</dd>
      <dt className="text-slate-600">Référence</dt>
      <dd className="mb-1 break-all text-slate-900 sm:mb-0">{disbursement.reference}</dd>
      <dt className="text-slate-600">Enregistré par</dt>
      <dd className="mb-1 text-slate-900 sm:mb-0">
        {personName(disbursement.recordedBy)}, le {formatDateTime(disbursement.recordedAt)}
      </dd>
      {/* Below the threshold the recorder confirms it at once: a second name says nothing. */}
      {disbursement.confirmedBy &&
      disbursement.confirmedAt &&
      disbursement.confirmedBy.id !== disbursement.recordedBy.id ? (
        <>
          <dt className="text-slate-600">Confirmé par</dt>
          <dd className="text-slate-900">
            {personName(disbursement.confirmedBy)}, le {formatDateTime(disbursement.confirmedAt)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

type DisbursementCardProps = {
  loanId: number;
  step: DisbursementStep;
  disbursement: DisbursementJson | null;
  approvedAmount: number;
  secondOfficerAbove: number;
  onFailure: (error: unknown) => void;
  onDone: () => void;
};

export function DisbursementCard({
  loanId,
  step,
  disbursement,
  approvedAmount,
  secondOfficerAbove,
  onFailure,
  onDone,
}: DisbursementCardProps) {
  const ownId = useId();
  const badge =
    step === "done" ? (
      <Badge tone="success">Décaissé</Badge>
    ) : step === "confirm" || step === "own" ? (
      <Badge tone="action">À confirmer par un second administrateur</Badge>
    ) : step === "record" ? (
      <Badge tone="action">À décaisser</Badge>
    ) : (
      <Badge>En attente de la signature</Badge>
    );
  return (
    <Card aria-labelledby="disbursement-title" className="min-w-0">
      <CardHeader id="disbursement-title" title="Décaissement" description={badge} />
      <CardBody className="space-y-4">
        {step === "wait_signature" ? (
          <p className="text-sm text-slate-700">{servicingMessages.notSigned}</p>
        ) : null}
        {step === "record" ? (
          <>
            <p className="text-sm text-slate-700">
              Le contrat est signé : enregistrez le versement des fonds au client.
            </p>
            <DisbursementDialog
              loanId={loanId}
              approvedAmount={approvedAmount}
              secondOfficerAbove={secondOfficerAbove}
              onFailure={onFailure}
              onDone={onDone}
              trigger={
                <Button>
                  <Banknote aria-hidden="true" className="size-4" />
                  Enregistrer le décaissement
                </Button>
              }
            />
          </>
        ) : null}
        {disbursement ? <Details disbursement={disbursement} /> : null}
        {disbursement && (step === "confirm" || step === "own") ? (
          <div>
            <ConfirmDisbursementDialog
              loanId={loanId}
              disbursement={disbursement}
              onFailure={onFailure}
              onDone={onDone}
              trigger={
                <Button
                  disabled={step === "own"}
                  aria-describedby={step === "own" ? ownId : undefined}
                >
                  <BadgeCheck aria-hidden="true" className="size-4" />
                  Confirmer le décaissement
                </Button>
              }
            />
            {step === "own" ? (
              <p id={ownId} className="mt-2 text-sm text-slate-700">
                {servicingMessages.ownDisbursement}
              </p>
            ) : null}
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
