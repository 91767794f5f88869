import type { ReactNode } from "react";
import type { ClientLoanJson } from "../../../domain/api/loans";
import { officeCity } from "../../../domain/firm";
import { formatDate } from "../../../domain/format-date";
import { formatFcfa } from "../../../domain/format-fcfa";
import { loanTypeLabels } from "../../../domain/loan-type";
import { LoanStatusBadge } from "../../components/badge";
import { Card, CardBody, CardHeader } from "../../components/card";
import { cx } from "../../components/class-names";

function Item({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cx("min-w-0", wide && "sm:col-span-2 lg:col-span-3")}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

type LoanInfo = Pick<
  ClientLoanJson,
  | "loanType"
  | "amount"
  | "durationMonths"
  | "monthlyIncome"
  | "createdAt"
  | "purpose"
  | "description"
  | "status"
  | "office"
>;

/**
 * What the client asked for, as submitted. Officers also see the status in it (`showStatus`) and,
 * below, what they decided (`children`).
 */
export function LoanInfoCard({
  loan,
  showStatus = false,
  children,
}: {
  loan: LoanInfo;
  showStatus?: boolean;
  children?: ReactNode;
}) {
  return (
    <Card aria-labelledby="loan-info-title">
      <CardHeader id="loan-info-title" title="Informations de la demande" />
      <CardBody>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
          {showStatus ? (
            <Item label="Statut">
              <LoanStatusBadge status={loan.status} />
            </Item>
          ) : null}
          <Item label="Type de prêt">{loanTypeLabels[loan.loanType]}</Item>
          <Item label="Montant demandé">
            <span className="font-semibold">{formatFcfa(loan.amount)}</span>
          </Item>
          <Item label="Durée">{loan.durationMonths} mois</Item>
          <Item label="Revenu mensuel">
            {loan.monthlyIncome !== null ? formatFcfa(loan.monthlyIncome) : "Non renseigné"}
          </Item>
          <Item label="Date de soumission">
            <time dateTime={loan.createdAt}>{formatDate(loan.createdAt)}</time>
          </Item>
          <Item label="Agence">{officeCity(loan.office)}</Item>
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
        </dl>
        {children}
      </CardBody>
    </Card>
  );
}
