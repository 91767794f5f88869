import { Download } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { adminLoanMessages, maxSearchLength } from "../../../../domain/api/admin-loans";
import type { AdminLoanFilter } from "../../../../domain/api/admin-loans.schema";
import { approvalMessages } from "../../../../domain/api/approval";
import { isOfficeId } from "../../../../domain/firm";
import { isLoanStatus } from "../../../../domain/loan-status";
import { isLoanType } from "../../../../domain/loan-type";
import { Alert } from "../../../components/alert";
import { buttonClasses } from "../../../components/button";
import { Card } from "../../../components/card";
import { PageTitle } from "../../../components/page-title";
import { Pagination, readPageParam, usePageParam } from "../../../components/pagination";
import { PageSpinner } from "../../../components/spinner";
import { toast } from "../../../components/toast";
import { useFilterParam } from "../../../lib/use-filter-param";
import { adminLoansExportUrl } from "../api/export-admin-loans";
import { useAdminLoans } from "../api/get-admin-loans";
import { actionFailureMessage, statusFailure } from "../components/action-failure";
import { AdminLoanList } from "../components/admin-loan-list";
import { LoanFilters } from "../components/loan-filters";
import { NoLoanFound } from "../components/no-loan-found";

/** The filters in the URL; an unknown value (an old or edited link) means no filter. */
function readFilter(params: URLSearchParams): AdminLoanFilter {
  const status = params.get("status");
  const type = params.get("type");
  const q = (params.get("q") ?? "").trim().slice(0, maxSearchLength);
  const agence = params.get("agence");
  return {
    status: isLoanStatus(status) ? status : undefined,
    type: isLoanType(type) ? type : undefined,
    q: q || undefined,
    agence: isOfficeId(agence) ? agence : undefined,
    retard: params.get("retard") === "1" ? true : undefined,
  };
}

export default function AdminLoansPage() {
  const [params] = useSearchParams();
  const setFilter = useFilterParam<"status" | "type" | "q" | "agence" | "retard">();
  const filter = readFilter(params);
  const page = readPageParam(params.get("page"));
  const loans = useAdminLoans({ ...filter, page });
  const [failure, setFailure] = useState<string | null>(null);
  const { pages, hrefFor } = usePageParam(page, loans);

  return (
    <>
      <PageTitle
        title="Demandes de prêts"
        description="Examinez, attribuez et décidez les demandes des clients."
        actions={
          <a
            href={adminLoansExportUrl(filter)}
            download
            className={buttonClasses({ variant: "outline" })}
          >
            <Download aria-hidden="true" className="size-4" />
            Exporter en CSV
          </a>
        }
      />
      <LoanFilters
        filter={filter}
        onStatusChange={(status) => setFilter("status", status)}
        onTypeChange={(type) => setFilter("type", type)}
        onOfficeChange={(office) => setFilter("agence", office)}
        onOverdueChange={(overdue) => setFilter("retard", overdue ? "1" : "")}
        // Each key typed is not a page to go back to.
        onSearch={(q) => setFilter("q", q, true)}
      />
      {failure ? (
        <Alert className="mb-4" onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      {loans.isPending ? (
        <PageSpinner label="Chargement des demandes…" />
      ) : loans.isError ? (
        <Alert>{adminLoanMessages.loadDataError(loans.error.message)}</Alert>
      ) : loans.data.total === 0 ? (
        <NoLoanFound />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {loans.data.total} demande{loans.data.total > 1 ? "s" : ""}
            {pages > 1 ? ` · page ${Math.min(page, pages)} sur ${pages}` : ""}
          </p>
          <Card className="overflow-hidden">
            <AdminLoanList
              loans={loans.data.items}
              onStatusChanged={(loan) => {
                setFailure(null);
                toast.success(
                  loan.approvalProposal
                    ? approvalMessages.proposed
                    : adminLoanMessages.statusUpdatedInline(loan.status),
                );
              }}
              onStatusFailed={(error) => setFailure(actionFailureMessage(error, statusFailure))}
            />
          </Card>
          <Pagination page={page} pageCount={pages} hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
