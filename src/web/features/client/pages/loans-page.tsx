import { FileText } from "lucide-react";
import { useSearchParams } from "react-router";
import { clientLoanPageSize, loanMessages } from "../../../../domain/api/loans";
import { ButtonLink } from "../../../components/button";
import { Card } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { LoadError } from "../../../components/load-error";
import { PageTitle } from "../../../components/page-title";
import { Pagination, readPageParam, usePageParam } from "../../../components/pagination";
import { PageSpinner } from "../../../components/spinner";
import { paths } from "../../../paths";
import { useLoans } from "../api/get-loans";
import { LoanList } from "../components/loan-list";

export default function ClientLoansPage() {
  const [params] = useSearchParams();
  const page = readPageParam(params.get("page"));
  const loans = useLoans({ page, pageSize: clientLoanPageSize });
  const { pages, hrefFor } = usePageParam(page, loans, { emptyToo: true });

  return (
    <>
      <PageTitle
        title="Mes demandes de prêt"
        description="Suivez l'état de vos demandes."
        actions={<ButtonLink to={paths.client.newLoan}>Demander un prêt</ButtonLink>}
      />
      {loans.isPending ? (
        <PageSpinner label="Chargement des demandes…" />
      ) : loans.isError ? (
        <LoadError message={loanMessages.listFailed} onRetry={() => void loans.refetch()} />
      ) : loans.data.total === 0 ? (
        <EmptyState
          icon={<FileText aria-hidden="true" className="size-10" />}
          title={loanMessages.noLoan}
          action={<ButtonLink to={paths.client.newLoan}>Demander un prêt</ButtonLink>}
        />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {loans.data.total} demande{loans.data.total > 1 ? "s" : ""}
            {pages > 1 ? ` · page ${Math.min(page, pages)} sur ${pages}` : ""}
          </p>
          <Card className="overflow-hidden">
            <LoanList loans={loans.data.items} showId caption="Mes demandes de prêt" />
          </Card>
          <Pagination page={page} pageCount={pages} hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
