import type { ReactNode } from "react";
import { Link } from "react-router";
import type { StatementRowJson } from "../../../../domain/api/servicing";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { Card, CardHeader } from "../../../components/card";
import { paths } from "../../../paths";
import { matchedByLabels, rowSummary } from "./statement-row-text";

/** The request a row went to, as a link to it (its payments are there). */
export function LoanLink({ row }: { row: StatementRowJson }) {
  if (row.loanId === null) return null;
  return (
    <Link
      to={paths.admin.loan(row.loanId)}
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      Demande {formatLoanId(row.loanId)}
    </Link>
  );
}

/** One group of rows that asks for nothing more: recorded, unmatched, recorded before. */
export function StatementRowList({
  id,
  title,
  description,
  rows,
  detail,
}: {
  id: string;
  title: string;
  description: string;
  rows: StatementRowJson[];
  /** What is said of each row under it: its request, its problem. */
  detail: (row: StatementRowJson) => ReactNode;
}) {
  if (rows.length === 0) return null;
  return (
    <Card aria-labelledby={id}>
      <CardHeader id={id} title={`${title} (${rows.length})`} description={description} />
      <ul className="divide-y divide-slate-100">
        {rows.map((row) => (
          <li key={row.row} className="px-5 py-3 text-sm">
            <p className="break-words text-slate-900">{rowSummary(row)}</p>
            <div className="mt-1 break-words text-slate-700">{detail(row)}</div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** "Paiement enregistré : Demande #00042 (par référence)" */
export function RecordedDetail({ row }: { row: StatementRowJson }) {
  return (
    <>
      Paiement enregistré : <LoanLink row={row} />
      {row.matchedBy ? ` (${matchedByLabels[row.matchedBy]})` : null}
    </>
  );
}
