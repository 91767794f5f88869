import { closedAccountLabel } from "../../../../domain/api/data-rights";
import { formatDate } from "../../../../domain/format-date";
import { Badge } from "../../../components/badge";

/**
 * 'Compte fermé' beside a client who closed the account (issue 18): the requests stay readable
 * until the retention ends, and no longer change. The date is in the badge's title and for
 * screen readers.
 */
export function ClosedAccountBadge({ closedAt }: { closedAt: string | null }) {
  if (!closedAt) return null;
  return (
    <Badge tone="danger" className="ml-2 align-middle">
      {closedAccountLabel}
      <span className="sr-only"> le {formatDate(closedAt)}</span>
    </Badge>
  );
}
