import { Mail, Phone, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { personInitials, personName, postalAddress } from "../../../../domain/api/admin-clients";
import {
  type AdminLoanJson,
  type AdminNoteJson,
  adminLoanMessages,
} from "../../../../domain/api/admin-loans";
import { formatDateTime } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatRate } from "../../../../domain/format-rate";
import { isAdminRole } from "../../../../domain/roles";
import { ButtonLink } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { cx } from "../../../components/class-names";
import { paths } from "../../../paths";
import { LoanInfoCard } from "../../loans-shared/loan-info-card";
import { AdminLoanStatus } from "./admin-loan-status";
import { ClosedAccountBadge } from "./closed-account-badge";
import { LoanAge } from "./loan-age";
import { DebtRatio } from "./loan-status-dialog";

/** What the client asked for, and what the officers decided: the reason, or the terms. */
export function AdminLoanInfoCard({ loan }: { loan: AdminLoanJson }) {
  return (
    <LoanInfoCard loan={loan} showStatus>
      {loan.status === "rejected" ? (
        <div className="mt-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm">
          <h3 className="font-semibold text-red-900">Motif du rejet</h3>
          <p className="mt-1 whitespace-pre-line break-words text-slate-900">
            {loan.rejectionReason ?? "Non renseigné"}
          </p>
        </div>
      ) : null}
      {loan.approvedAmount !== null ? (
        <div className="mt-5 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3">
          <h3 className="font-semibold text-emerald-900">Conditions approuvées</h3>
          <dl className="mt-2 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
            <Term label="Montant approuvé">{formatFcfa(loan.approvedAmount)}</Term>
            {loan.interestRate !== null ? (
              <Term label="Taux annuel">{formatRate(loan.interestRate)}</Term>
            ) : null}
            {loan.monthlyPayment !== null ? (
              <Term label="Mensualité">{formatFcfa(loan.monthlyPayment)}</Term>
            ) : null}
          </dl>
          {loan.monthlyPayment !== null ? (
            <div className="mt-2">
              <DebtRatio payment={loan.monthlyPayment} income={loan.monthlyIncome} />
            </div>
          ) : null}
        </div>
      ) : null}
    </LoanInfoCard>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Detail label={label} strong>
      {children}
    </Detail>
  );
}

function Detail({
  label,
  strong = false,
  children,
}: {
  label: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={cx("mt-0.5 break-words text-slate-900", strong && "font-semibold")}>
        {children}
      </dd>
    </div>
  );
}

function Note({ note }: { note: AdminNoteJson }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
      >
        {personInitials(note.author)}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap gap-x-2 text-slate-600">
          <span className="font-medium text-slate-900">
            {personName(note.author)}{" "}
            <span className="text-slate-600">
              {isAdminRole(note.author.role) ? "(Admin)" : "(Client)"}
            </span>
          </span>
          <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-slate-900">{note.note}</p>
      </div>
    </li>
  );
}

export function NotesCard({ notes }: { notes: readonly AdminNoteJson[] }) {
  return (
    <Card aria-labelledby="loan-notes-title">
      <CardHeader id="loan-notes-title" title="Notes" />
      <CardBody>
        {notes.length === 0 ? (
          <p className="text-sm text-slate-600">Aucune note pour cette demande.</p>
        ) : (
          <ol className="space-y-4">
            {notes.map((note) => (
              <Note key={note.id} note={note} />
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}

export function ClientCard({ client }: { client: AdminLoanJson["client"] }) {
  const address = postalAddress(client);
  return (
    <Card aria-labelledby="loan-client-title">
      <CardHeader id="loan-client-title" title="Informations du client" />
      <CardBody>
        <dl className="grid gap-y-3">
          <Detail label="Nom">
            <span className="font-semibold">{personName(client)}</span>
            <ClosedAccountBadge closedAt={client.closedAt} />
          </Detail>
          <Detail label="E-mail">
            <a
              href={`mailto:${client.email}`}
              className="inline-flex items-center gap-1 [overflow-wrap:anywhere] text-brand-700 hover:underline"
            >
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {client.email}
            </a>
          </Detail>
          <Detail label="Téléphone">
            {client.phone?.trim() ? (
              <a
                href={`tel:${client.phone.replace(/[^\d+]/g, "")}`}
                className="inline-flex items-center gap-1 text-brand-700 hover:underline"
              >
                <Phone aria-hidden="true" className="size-4 shrink-0" />
                {client.phone}
              </a>
            ) : (
              "Non renseigné"
            )}
          </Detail>
          <Detail label="Adresse">{address || "Non renseignée"}</Detail>
        </dl>
        <ButtonLink to={paths.admin.client(client.id)} variant="outline" size="sm" className="mt-4">
          <UserRound aria-hidden="true" className="size-4" />
          Voir le profil complet
        </ButtonLink>
      </CardBody>
    </Card>
  );
}

export function AssignationCard({ loan }: { loan: AdminLoanJson }) {
  return (
    <Card aria-labelledby="loan-assignee-title">
      <CardHeader id="loan-assignee-title" title="Assignation" />
      <CardBody>
        {loan.assignee ? (
          <p className="text-sm">
            <span className="block font-semibold text-slate-900">{personName(loan.assignee)}</span>
            <span className="block [overflow-wrap:anywhere] text-slate-600">
              {loan.assignee.email}
            </span>
          </p>
        ) : (
          <p className="text-sm text-slate-600">{adminLoanMessages.notAssigned}</p>
        )}
      </CardBody>
    </Card>
  );
}

export function SummaryCard({ loan }: { loan: AdminLoanJson }) {
  // Current documents only: a replaced version is kept, but no longer part of the dossier.
  const files = loan.documents.filter((document) => document.replacedAt === null).length;
  return (
    <Card aria-labelledby="loan-summary-title">
      <CardHeader id="loan-summary-title" title="Résumé" />
      <CardBody>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">Statut actuel</dt>
          <dd>
            <AdminLoanStatus loan={loan} />
            {/* How long it has waited, and 'En retard' past the 48 h promise (as in the list). */}
            <LoanAge loan={loan} />
          </dd>
          <dt className="text-slate-600">Montant</dt>
          <dd className="font-medium text-slate-900">{formatFcfa(loan.amount)}</dd>
          <dt className="text-slate-600">Durée</dt>
          <dd className="text-slate-900">{loan.durationMonths} mois</dd>
          <dt className="text-slate-600">Fichiers</dt>
          <dd className="text-slate-900">
            {files} fichier{files > 1 ? "s" : ""}
          </dd>
        </dl>
      </CardBody>
    </Card>
  );
}
