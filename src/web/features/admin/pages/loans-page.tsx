import { Download } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { adminLoanMessages, adminLoanPageSize } from "../../../../domain/api/admin-loans";
import { approvalMessages } from "../../../../domain/api/approval";
import { pageCount } from "../../../../domain/api/page";
import { Alert } from "../../../components/alert";
import { buttonClasses } from "../../../components/button";
import { Card } from "../../../components/card";
import { PageTitle } from "../../../components/page-title";
import { Pagination, usePageLinks } from "../../../components/pagination";
import { RouteLoadError } from "../../../components/route-load-error";
import { toast } from "../../../components/toast";
import { keepPageInRange, listQuery } from "../../../lib/list-query";
import { pageContext } from "../../../lib/page-context";
import { useFilterParam } from "../../../lib/use-filter-param";
import {
  adminLoanFilterSearch,
  adminLoansExportUrl,
  readAdminLoanFilter,
} from "../api/admin-loan-filter";
import { actionFailureMessage, statusFailure } from "../components/action-failure";
import { AdminLoanList } from "../components/admin-loan-list";
import { LoanFilters } from "../components/loan-filters";
import { NoLoanFound } from "../components/no-loan-found";
import type { Route } from "./+types/loans-page";

/** The requests the filters match (`?status=&type=&q=&agence=&suivi=&retard=`), 10 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  const url = new URL(request.url);
  const filter = adminLoanFilterSearch(readAdminLoanFilter(url.searchParams));
  const loans = await reader.adminLoans(
    listQuery(request, { ...Object.fromEntries(filter), pageSize: String(adminLoanPageSize) }),
  );
  keepPageInRange(request, loans);
  return { loans };
}

export function ErrorBoundary() {
  return (
    <>
      <PageTitle title="Demandes de prêts" />
      <RouteLoadError message={adminLoanMessages.loadDataError} />
    </>
  );
}

export default function AdminLoansPage({ loaderData: { loans } }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const setFilter = useFilterParam<"status" | "type" | "q" | "agence" | "suivi" | "retard">();
  const filter = readAdminLoanFilter(params);
  const [failure, setFailure] = useState<string | null>(null);
  const hrefFor = usePageLinks();
  const pages = pageCount(loans);

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
        onServicingChange={(servicing) => setFilter("suivi", servicing)}
        onOverdueChange={(overdue) => setFilter("retard", overdue ? "1" : "")}
        // Each key typed is not a page to go back to.
        onSearch={(q) => setFilter("q", q, true)}
      />
      {failure ? (
        <Alert className="mb-4" onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      {loans.total === 0 ? (
        <NoLoanFound />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {loans.total} demande{loans.total > 1 ? "s" : ""}
            {pages > 1 ? ` · page ${loans.page} sur ${pages}` : ""}
          </p>
          <Card className="overflow-hidden">
            <AdminLoanList
              loans={loans.items}
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
          <Pagination page={loans.page} pageCount={pages} hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
