import type { LoanActivityJson } from "../../../domain/api/loans";

/**
 * An activity as the client reads it. A confirmed four-eyes approval's status change names the
 * officer who proposed it (approval.service.ts): the officers' business, not the client's, who
 * learns that the request is approved and on which terms.
 */
export function forClient(activity: LoanActivityJson): LoanActivityJson {
  if (activity.type === "status_change" && activity.newValue === "approved") {
    return { ...activity, comment: null };
  }
  return activity;
}
