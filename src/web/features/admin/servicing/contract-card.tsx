import { FileSignature, FileText, RotateCcw, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { personName } from "../../../../domain/api/admin-clients";
import type { AdminContractJson } from "../../../../domain/api/servicing";
import { formatDate, formatDateTime } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatRate } from "../../../../domain/format-rate";
import { Badge, type BadgeTone } from "../../../components/badge";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { NewTabLink } from "../../../components/new-tab-link";
import { PrepareContractDialog, WithdrawContractDialog } from "./contract-dialogs";

// The contract on the officers' request page (issue 28): its terms and PDFs, the signature's
// evidence once signed (what a dispute would need: who, when, from where, the exact bytes), the
// wrong codes, and the earlier contracts withdrawn or expired with their reason.

const stateTones: Record<AdminContractJson["state"], BadgeTone> = {
  prepared: "info",
  sent: "action",
  signed: "success",
  expired: "warning",
  withdrawn: "neutral",
};

const fileHref = (documentId: string) => `/api/documents/${documentId}/file`;

function Fields({ children }: { children: ReactNode }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
      {children}
    </dl>
  );
}

function Field({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd
        className={
          mono
            ? "mb-1 font-mono text-xs break-all text-slate-900 sm:mb-0"
            : "mb-1 text-slate-900 sm:mb-0"
        }
      >
        {children}
      </dd>
    </>
  );
}

function Evidence({ contract }: { contract: AdminContractJson }) {
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50/50 p-4">
      <h3 className="mb-2 font-semibold text-emerald-900">Preuve de la signature</h3>
      <Fields>
        {contract.signedAt ? (
          <Field label="Signé le">{formatDateTime(contract.signedAt)}</Field>
        ) : null}
        {contract.signer ? (
          <Field label="Signataire">
            {personName(contract.signer)} ({contract.signer.email})
          </Field>
        ) : null}
        <Field label="Adresse IP">{contract.signerIp ?? "—"}</Field>
        <Field label="Appareil (navigateur)">
          <span className="break-all">{contract.signerUserAgent ?? "—"}</span>
        </Field>
        <Field label="SHA-256 du PDF signé" mono>
          {contract.signedSha256 ?? "—"}
        </Field>
        <Field label="SHA-256 du PDF présenté" mono>
          {contract.unsignedSha256}
        </Field>
      </Fields>
    </div>
  );
}

/** An earlier contract: its state, when it was made and why it ended. */
function PastContract({ contract }: { contract: AdminContractJson }) {
  return (
    <li className="py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">
          Contrat du {formatDate(contract.preparedAt)}
        </span>
        <Badge tone={stateTones[contract.state]}>{contract.stateLabel}</Badge>
        {contract.unsignedDocumentId ? (
          <NewTabLink
            href={fileHref(contract.unsignedDocumentId)}
            className="text-brand-700 underline underline-offset-2"
          >
            PDF
          </NewTabLink>
        ) : null}
      </div>
      {contract.state === "withdrawn" ? (
        <p className="mt-1 text-slate-700">
          Retiré{contract.withdrawnAt ? ` le ${formatDateTime(contract.withdrawnAt)}` : ""}
          {contract.withdrawalReason ? ` : ${contract.withdrawalReason}` : ""}
        </p>
      ) : null}
      {contract.state === "expired" ? (
        <p className="mt-1 text-slate-700">
          Expiré le {formatDate(contract.expiresAt)} sans signature
        </p>
      ) : null}
    </li>
  );
}

type ContractCardProps = {
  loanId: number;
  contract: AdminContractJson | null;
  history: readonly AdminContractJson[];
  actions: { withdraw: boolean; prepare: boolean };
  onFailure: (error: unknown) => void;
  onDone: () => void;
};

export function ContractCard({
  loanId,
  contract,
  history,
  actions,
  onFailure,
  onDone,
}: ContractCardProps) {
  const earlier = contract ? history.filter((past) => past.id !== contract.id) : history;
  const buttons = (
    <>
      {actions.withdraw ? (
        <WithdrawContractDialog
          loanId={loanId}
          onFailure={onFailure}
          onDone={onDone}
          trigger={
            <Button variant="outline" size="sm">
              <XCircle aria-hidden="true" className="size-4" />
              Retirer le contrat
            </Button>
          }
        />
      ) : null}
      {actions.prepare ? (
        <PrepareContractDialog
          loanId={loanId}
          onFailure={onFailure}
          onDone={onDone}
          trigger={
            <Button size="sm">
              <RotateCcw aria-hidden="true" className="size-4" />
              Préparer un nouveau contrat
            </Button>
          }
        />
      ) : null}
    </>
  );
  return (
    <Card aria-labelledby="contract-title" className="min-w-0">
      <CardHeader
        id="contract-title"
        title="Contrat"
        description={
          contract ? (
            <Badge tone={stateTones[contract.state]}>{contract.stateLabel}</Badge>
          ) : (
            "Aucun contrat n'a encore été préparé."
          )
        }
        actions={actions.withdraw || actions.prepare ? buttons : undefined}
      />
      {contract ? (
        <CardBody className="space-y-4">
          <Fields>
            <Field label="Montant">{formatFcfa(contract.amount)}</Field>
            <Field label="Durée">{contract.durationMonths} mois</Field>
            <Field label="Taux annuel">{formatRate(contract.annualRatePercent)}</Field>
            <Field label="Frais">{formatFcfa(contract.feesAmount)}</Field>
            <Field label="Mensualité">{formatFcfa(contract.monthlyPayment)}</Field>
            <Field label="Préparé le">{formatDateTime(contract.preparedAt)}</Field>
            {contract.state !== "signed" ? (
              <Field label="Valable jusqu'au">{formatDateTime(contract.expiresAt)}</Field>
            ) : null}
            {contract.state === "withdrawn" ? (
              <Field label="Retiré">
                {contract.withdrawnAt ? `le ${formatDateTime(contract.withdrawnAt)}` : ""}
                {contract.withdrawalReason ? ` : ${contract.withdrawalReason}` : ""}
              </Field>
            ) : null}
            <Field label="Codes incorrects">
              {contract.wrongAttempts}
              {contract.lockedUntil
                ? ` (signature bloquée jusqu'au ${formatDateTime(contract.lockedUntil)})`
                : ""}
            </Field>
            {contract.codeExpiresAt ? (
              <Field label="Code envoyé">
                valable jusqu'au {formatDateTime(contract.codeExpiresAt)}
              </Field>
            ) : null}
          </Fields>
          <ul className="flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-4">
            {contract.unsignedDocumentId ? (
              <li>
                <NewTabLink
                  href={fileHref(contract.unsignedDocumentId)}
                  className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-2"
                >
                  <FileText aria-hidden="true" className="size-4" />
                  Contrat à signer (PDF)
                </NewTabLink>
              </li>
            ) : null}
            {contract.signedDocumentId ? (
              <li>
                <NewTabLink
                  href={fileHref(contract.signedDocumentId)}
                  className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-2"
                >
                  <FileSignature aria-hidden="true" className="size-4" />
                  Contrat signé et scellé (PDF)
                </NewTabLink>
              </li>
            ) : null}
          </ul>
          {contract.state === "signed" ? <Evidence contract={contract} /> : null}
        </CardBody>
      ) : null}
      {earlier.length > 0 ? (
        <CardBody className="border-t border-slate-100">
          <h3 className="font-semibold text-slate-900">Contrats précédents</h3>
          <ul className="divide-y divide-slate-100">
            {earlier.map((past) => (
              <PastContract key={past.id} contract={past} />
            ))}
          </ul>
        </CardBody>
      ) : null}
    </Card>
  );
}
