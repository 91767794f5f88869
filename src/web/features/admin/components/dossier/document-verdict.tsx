import type { DocumentReviewJson } from "../../../../../domain/api/documents";
import { verdictText } from "../../../../../domain/document-review";
import { formatDate } from "../../../../../domain/format-date";
import { Badge } from "../../../../components/badge";

/** The officers' latest verdict on a document: the badge, its comment and its date. */
export function DocumentVerdict({ review }: { review: DocumentReviewJson | null }) {
  if (review === null) {
    return <span className="text-sm text-slate-600">Pas encore examiné</span>;
  }
  return (
    <div className="min-w-0 space-y-1">
      <Badge tone={review.verdict === "conforme" ? "success" : "action"}>
        {verdictText(review.verdict, review.reason)}
      </Badge>
      {review.comment ? (
        <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-700">
          {review.comment}
        </p>
      ) : null}
      <p className="text-xs text-slate-600">
        Avis du <time dateTime={review.reviewedAt}>{formatDate(review.reviewedAt)}</time>
      </p>
    </div>
  );
}
