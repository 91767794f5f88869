import { Download, FileText } from "lucide-react";
import { documentFileUrl } from "../../../../domain/api/documents";
import type { ContractJson, DisbursementJson } from "../../../../domain/api/servicing";
import { formatDate, formatDateTime } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatRate } from "../../../../domain/format-rate";
import { Alert } from "../../../components/alert";
import { Badge, type BadgeTone } from "../../../components/badge";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { NewTabLink } from "../../../components/new-tab-link";
import { ContractSignatureForm } from "./contract-signature-form";
import { signatureState } from "./signature-state";
import { Term, Terms } from "./terms";

export const contractTitleId = "contract-title";

const stateTones: Record<ContractJson["state"], BadgeTone> = {
  prepared: "action",
  sent: "action",
  signed: "success",
  expired: "danger",
  withdrawn: "neutral",
};

const linkClasses =
  "inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-brand-700 hover:underline";

/** The PDF to read before signing, or the sealed one once signed: to open, and to keep. */
function ContractPdfLinks({ documentId, signed }: { documentId: string; signed: boolean }) {
  const name = signed ? "le contrat signé (PDF)" : "le contrat (PDF)";
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-1">
      <NewTabLink href={documentFileUrl(documentId, "inline")} className={linkClasses}>
        <FileText aria-hidden="true" className="size-5" />
        Lire {name}
      </NewTabLink>
      <a href={documentFileUrl(documentId, "attachment")} download className={linkClasses}>
        <Download aria-hidden="true" className="size-5" />
        Télécharger {name}
      </a>
    </div>
  );
}

/** Where the money stands after the signature: paid out (when, how much, how), or coming. */
function DisbursementNote({ disbursement }: { disbursement: DisbursementJson | null }) {
  if (disbursement?.status === "confirmed") {
    return (
      <p className="text-sm text-slate-700">
        Fonds versés le {formatDate(disbursement.disbursedOn)} : {formatFcfa(disbursement.amount)} (
        {disbursement.channelLabel}).
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      Prochaine étape : votre conseiller procède au versement des fonds. Vous serez prévenu.
    </p>
  );
}

type ContractCardProps = {
  loanId: number;
  contract: ContractJson;
  disbursement: DisbursementJson | null;
};

/**
 * 'Mon contrat': the terms the client agrees to, the PDF that carries them, and the signature
 * with a one-time code while it can be signed.
 */
export function ContractCard({ loanId, contract, disbursement }: ContractCardProps) {
  const state = signatureState(contract);
  const documentId =
    state.kind === "signed"
      ? (contract.signedDocumentId ?? contract.unsignedDocumentId)
      : contract.unsignedDocumentId;
  const canSign = state.kind === "open" || state.kind === "locked";

  // Once signed the form leaves the card: the heading, now followed by "Signé le …", takes focus.
  const focusTitle = () => {
    setTimeout(() => {
      const heading = document.getElementById(contractTitleId);
      heading?.setAttribute("tabindex", "-1");
      heading?.focus();
    }, 0);
  };

  return (
    <Card aria-labelledby={contractTitleId}>
      <CardHeader
        id={contractTitleId}
        title="Mon contrat"
        actions={<Badge tone={stateTones[contract.state]}>{contract.stateLabel}</Badge>}
      />
      <CardBody className="space-y-5">
        <Terms>
          <Term label="Montant">{formatFcfa(contract.amount)}</Term>
          <Term label="Durée">{contract.durationMonths} mois</Term>
          <Term label="Taux annuel">{formatRate(contract.annualRatePercent)}</Term>
          <Term label="Frais de dossier">{formatFcfa(contract.feesAmount)}</Term>
          <Term label="Mensualité">{formatFcfa(contract.monthlyPayment)}</Term>
          {canSign ? (
            <Term label="À signer avant le">{formatDateTime(contract.expiresAt)}</Term>
          ) : null}
        </Terms>
        {documentId ? (
          <ContractPdfLinks documentId={documentId} signed={state.kind === "signed"} />
        ) : null}
        {state.kind === "signed" ? (
          <div className="space-y-2">
            <Alert tone="success">{contract.stateLabel}.</Alert>
            <DisbursementNote disbursement={disbursement} />
          </div>
        ) : null}
        {state.kind === "closed" ? <Alert tone="warning">{state.message}</Alert> : null}
        {canSign ? (
          <ContractSignatureForm loanId={loanId} state={state} onSigned={focusTitle} />
        ) : null}
      </CardBody>
    </Card>
  );
}
