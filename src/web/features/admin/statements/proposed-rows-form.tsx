import { type FormEvent, useId, useRef, useState } from "react";
import type { StatementImportJson, StatementRowJson } from "../../../../domain/api/servicing";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { Checkbox } from "../../../components/checkbox";
import { toast } from "../../../components/toast";
import { useConfirmStatementRows } from "../api/confirm-statement-rows";
import { LoanLink } from "./statement-row-list";
import { matchedByLabels, plural, rowSummary } from "./statement-row-text";

const noneChosen = "Veuillez choisir les lignes à enregistrer";

/** What the officer is told once the rows are sent: recorded, and those the server refused. */
function outcome(sent: number[], after: StatementImportJson) {
  const rows = after.rows.filter((row) => sent.includes(row.row));
  const recorded = rows.filter((row) => row.status === "recorded").length;
  const refused = rows.length - recorded;
  if (recorded > 0)
    toast.success(`${plural(recorded, "paiement enregistré", "paiements enregistrés")}.`);
  if (refused > 0) {
    toast.error(
      `${plural(refused, "ligne n'a pas pu être enregistrée", "lignes n'ont pas pu être enregistrées")} : voyez le motif sous chacune.`,
    );
  }
}

/**
 * The rows matched to a loan, each with its box (ticked: the officer unticks what the operator's
 * statement got wrong), and the one button that records the ticked ones.
 */
export function ProposedRowsForm({
  importId,
  rows,
}: {
  importId: number;
  rows: StatementRowJson[];
}) {
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(rows.map((row) => row.row)));
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmStatementRows(importId);
  const errorId = useId();
  const firstBox = useRef<HTMLInputElement>(null);

  if (rows.length === 0) return null;

  function toggle(row: number, checked: boolean) {
    setError(null);
    setChosen((current) => {
      const next = new Set(current);
      if (checked) next.add(row);
      else next.delete(row);
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    // Only rows still proposed: the page may have been read again since they were ticked.
    const sent = rows.filter((row) => chosen.has(row.row)).map((row) => row.row);
    if (sent.length === 0) {
      setError(noneChosen);
      firstBox.current?.focus();
      return;
    }
    try {
      outcome(sent, await confirm.mutateAsync({ rows: sent }));
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <Card aria-labelledby="proposed-title">
      <CardHeader
        id="proposed-title"
        title={`Paiements proposés (${rows.length})`}
        description="Ces lignes correspondent à un prêt en remboursement. Décochez celles à ne pas enregistrer."
      />
      <CardBody>
        <form onSubmit={submit} noValidate>
          <fieldset aria-describedby={error ? errorId : undefined}>
            <legend className="sr-only">Lignes à enregistrer</legend>
            <ul className="divide-y divide-slate-100">
              {rows.map((row, index) => (
                <li key={row.row} className="py-3 first:pt-0">
                  <Checkbox
                    ref={index === 0 ? firstBox : undefined}
                    checked={chosen.has(row.row)}
                    onChange={(event) => toggle(row.row, event.target.checked)}
                    label={
                      <span className="break-words">
                        {rowSummary(row)}
                        {row.loanId !== null ? ` — demande ${formatLoanId(row.loanId)}` : ""}
                      </span>
                    }
                    hint={
                      <>
                        Rapprochement{row.matchedBy ? ` ${matchedByLabels[row.matchedBy]}` : ""} :{" "}
                        <LoanLink row={row} />
                      </>
                    }
                    error={row.problem ?? undefined}
                  />
                </li>
              ))}
            </ul>
          </fieldset>
          {error ? (
            <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <div className="mt-5">
            <Button type="submit" loading={confirm.isPending} loadingText="Enregistrement…">
              Enregistrer les paiements sélectionnés
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
