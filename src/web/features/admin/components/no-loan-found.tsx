import { FileText } from "lucide-react";
import { adminLoanMessages } from "../../../../domain/api/admin-loans";
import { EmptyState } from "../../../components/empty-state";

/** What a list of loan requests shows when it has none. */
export function NoLoanFound() {
  return (
    <EmptyState
      icon={<FileText aria-hidden="true" className="size-10" />}
      title={adminLoanMessages.noLoanFound}
    />
  );
}
