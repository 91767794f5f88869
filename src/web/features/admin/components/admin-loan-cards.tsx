import { Mail, Phone, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import {
  type AdminLoanJson,
  type AdminNoteJson,
  adminLoanMessages,
} from "../../../../domain/api/admin-loans";
import { loanMessages } from "../../../../domain/api/loans";
import { formatDate, formatDateTime } from "../../../../domain/format-date";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { formatRate } from "../../../../domain/format-rate";
import { loanTypeLabels } from "../../../../domain/loan-type";
import { isAdminRole } from "../../../../domain/roles";
import { LoanStatusBadge } from "../../../components/badge";
import { ButtonLink } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { cx } from "../../../components/class-names";
import { paths } from "../../../paths";
import { DocumentFileLinks } from "../../loans-shared/document-file-links";
import { DocumentList } from "../../loans-shared/document-list";
import { DebtRatio } from "./loan-status-dialog";

function Item({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cx("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

function personName(person: { firstName: string; lastName: string; email: string }) {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}

function initials(person: { firstName: string; lastName: string; email: string }) {
  const letters = `${person.firstName.trim().charAt(0)}${person.lastName.trim().charAt(0)}`;
  return (letters || person.email.charAt(0)).toUpperCase();
}

/** What the client asked for, and once approved the terms the officer set. */
export function AdminLoanInfoCard({ loan }: { loan: AdminLoanJson }) {
  return (
    <Card aria-labelledby="loan-info-title">
      <CardHeader id="loan-info-title" title="Informations de la demande" />
      <CardBody>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Item label="Montant demandé">
            <span className="font-semibold">{formatFcfa(loan.amount)}</span>
          </Item>
          <Item label="Statut">
            <LoanStatusBadge status={loan.status} />
          </Item>
          <Item label="Type de prêt">{loanTypeLabels[loan.loanType]}</Item>
          <Item label="Date de soumission">
            <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
          </Item>
          <Item label="Durée">{loan.durationMonths} mois</Item>
          <Item label="Revenu mensuel">
            {loan.monthlyIncome !== null ? formatFcfa(loan.monthlyIncome) : "Non renseigné"}
          </Item>
          <Item label="Objet du prêt" wide>
            <span className="whitespace-pre-line">{loan.purpose}</span>
          </Item>
          <Item label="Description" wide>
            {loan.description.trim() ? (
              <span className="whitespace-pre-line">{loan.description}</span>
            ) : (
              "Non renseignée"
            )}
          </Item>
          {loan.status === "rejected" ? (
            <Item label="Motif du rejet" wide>
              {loan.rejectionReason ? (
                <span className="whitespace-pre-line">{loan.rejectionReason}</span>
              ) : (
                "Non renseigné"
              )}
            </Item>
          ) : null}
        </dl>
        {loan.approvedAmount !== null ? (
          <div className="mt-5 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3">
            <h3 className="font-semibold text-emerald-900">Conditions approuvées</h3>
            <dl className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-3">
              <Item label="Montant approuvé">
                <span className="font-semibold">{formatFcfa(loan.approvedAmount)}</span>
              </Item>
              {loan.interestRate !== null ? (
                <Item label="Taux annuel">{formatRate(loan.interestRate)}</Item>
              ) : null}
              {loan.monthlyPayment !== null ? (
                <Item label="Mensualité">{formatFcfa(loan.monthlyPayment)}</Item>
              ) : null}
            </dl>
            {loan.monthlyPayment !== null ? (
              <div className="mt-2">
                <DebtRatio payment={loan.monthlyPayment} income={loan.monthlyIncome} />
              </div>
            ) : null}
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}

export function AdminLoanDocumentsCard({ loan }: { loan: AdminLoanJson }) {
  return (
    <Card aria-labelledby="loan-documents-title" className="overflow-hidden">
      <CardHeader id="loan-documents-title" title="Documents" />
      {loan.documents.length === 0 ? (
        <CardBody>
          <p className="text-sm text-slate-600">{loanMessages.noDocument}</p>
        </CardBody>
      ) : (
        <DocumentList
          documents={loan.documents}
          caption="Documents de la demande"
          showType
          showSize
          tableMinWidth={700}
          actions={(document) => <DocumentFileLinks document={document} download={false} />}
        />
      )}
    </Card>
  );
}

function Note({ note }: { note: AdminNoteJson }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
      >
        {initials(note.author)}
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
  const address = [client.address, client.city, client.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
  return (
    <Card aria-labelledby="loan-client-title">
      <CardHeader id="loan-client-title" title="Informations du client" />
      <CardBody>
        <dl className="grid gap-y-3">
          <Item label="Nom">
            <span className="font-semibold">{personName(client)}</span>
          </Item>
          <Item label="E-mail">
            <a
              href={`mailto:${client.email}`}
              className="inline-flex items-center gap-1 [overflow-wrap:anywhere] text-brand-700 hover:underline"
            >
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {client.email}
            </a>
          </Item>
          <Item label="Téléphone">
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
          </Item>
          <Item label="Adresse">{address || "Non renseignée"}</Item>
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
  const files = loan.documents.length;
  return (
    <Card aria-labelledby="loan-summary-title">
      <CardHeader id="loan-summary-title" title="Résumé" />
      <CardBody>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">Statut actuel</dt>
          <dd>
            <LoanStatusBadge status={loan.status} />
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
