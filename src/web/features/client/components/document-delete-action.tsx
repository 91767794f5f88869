import { Lock, Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { DocumentJson } from "../../../../domain/api/documents";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { isReviewClosed } from "../../../../domain/loan-status";
import { Button } from "../../../components/button";
import { paths } from "../../../paths";

/**
 * 'Supprimer', or why the document cannot be deleted: it belongs to a loan request, whose file
 * stays complete (the server refuses anyway, with the same reason at more length).
 */
export function DocumentDeleteAction({
  document,
  onDelete,
}: {
  document: DocumentJson;
  onDelete: (document: DocumentJson) => void;
}) {
  if (document.loanId !== null) {
    const closed = document.loanStatus !== null && isReviewClosed(document.loanStatus);
    return (
      <span className="inline-flex max-w-56 items-start gap-1.5 py-1 text-xs text-slate-600">
        <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        <span>
          Non supprimable : joint à la{" "}
          <Link
            to={paths.client.loan(document.loanId)}
            className="font-medium text-brand-700 underline"
          >
            demande {formatLoanId(document.loanId)}
          </Link>
          {closed ? ", déjà traitée" : ", en cours d'examen"}
        </span>
      </span>
    );
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      className="min-h-10 px-1 text-red-700 hover:bg-red-50"
      onClick={() => onDelete(document)}
    >
      <Trash2 aria-hidden="true" className="size-4" />
      Supprimer
      <span className="sr-only">
        {" "}
        <bdi>{document.fileName}</bdi>
      </span>
    </Button>
  );
}
