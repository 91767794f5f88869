import { Lock, Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { DocumentJson } from "../../../../domain/api/documents";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { isReviewClosed, reviewStagePhrase } from "../../../../domain/loan-status";
import { Badge } from "../../../components/badge";
import { paths } from "../../../paths";
import { DocumentSpokenName } from "../../loans-shared/document-spoken-name";

/**
 * 'Supprimer', or why the document cannot be deleted: it belongs to a loan request, whose file
 * stays complete (the server refuses anyway, with the same reason at more length).
 */
export function DocumentDeleteAction({
  document,
  onDelete,
  onReach,
}: {
  document: DocumentJson;
  onDelete: (document: DocumentJson) => void;
  /** The pointer or the focus reaches 'Supprimer': time to fetch the confirmation's code. */
  onReach?: () => void;
}) {
  if (document.loanId !== null && document.replacedAt !== null) {
    // An older version replaced at the officer's request: kept in the dossier, never deleted.
    return (
      <span className="inline-flex max-w-52 flex-wrap items-center gap-1.5 py-1 text-xs text-slate-600">
        <Badge>Remplacé</Badge>
        <span className="inline-flex items-start gap-1.5">
          <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span>
            Non supprimable : ancienne version, conservée dans la{" "}
            <Link
              to={paths.client.loan(document.loanId)}
              className="font-medium whitespace-nowrap text-brand-700 underline"
            >
              demande {formatLoanId(document.loanId)}
            </Link>
          </span>
        </span>
      </span>
    );
  }
  if (document.loanId !== null) {
    const closed = document.loanStatus !== null && isReviewClosed(document.loanStatus);
    const loanLink = (
      <Link
        to={paths.client.loan(document.loanId)}
        className="font-medium whitespace-nowrap text-brand-700 underline"
      >
        demande {formatLoanId(document.loanId)}
      </Link>
    );
    return (
      <span className="inline-flex max-w-44 items-start gap-1.5 py-1 text-xs text-slate-600">
        <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        {closed ? (
          <span>Non supprimable : dossier de la {loanLink}</span>
        ) : (
          <span>
            Non supprimable : {loanLink} {reviewStagePhrase(document.loanStatus ?? "in_review")}
          </span>
        )}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="inline-flex min-h-10 items-center gap-1 rounded-md px-1 font-semibold whitespace-nowrap text-red-700 hover:underline"
      onClick={() => onDelete(document)}
      onPointerEnter={onReach}
      onFocus={onReach}
    >
      <Trash2 aria-hidden="true" className="size-4" />
      Supprimer
      <DocumentSpokenName document={document} />
    </button>
  );
}
