import type { LoanActivityJson } from "../../../domain/api/loans";

// What the client reads of the four-eyes approval (issue 8): nothing until it is decided. The
// proposals and their sending back are the officers' business, left out of the client's history
// by its query (loans.service.ts); the client learns that the request is approved, and on which
// terms, when the second officer confirms.

/**
 * An activity as the client reads it. A confirmed four-eyes approval's status change names the
 * officer who proposed it (approval.service.ts): that comment is kept from the client.
 */
export function forClient(activity: LoanActivityJson): LoanActivityJson {
  if (activity.type === "status_change" && activity.newValue === "approved") {
    return { ...activity, comment: null };
  }
  return activity;
}
