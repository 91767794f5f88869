import { FileText } from "lucide-react";
import { clientLoanPageSize, loanMessages } from "../../../../domain/api/loans";
import { pageCount } from "../../../../domain/api/page";
import { ButtonLink } from "../../../components/button";
import { Card } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { PageTitle } from "../../../components/page-title";
import { Pagination, usePageLinks } from "../../../components/pagination";
import { keepPageInRange, listQuery } from "../../../lib/list-query";
import { pageContext } from "../../../lib/page-context";
import { paths } from "../../../paths";
import { LoanList } from "../components/loan-list";
import type { Route } from "./+types/loans-page";

/** The client's requests, newest first, a page at a time (`?page=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  const loans = await reader.clientLoans(
    listQuery(request, { pageSize: String(clientLoanPageSize) }),
  );
  keepPageInRange(request, loans, { emptyToo: true });
  return { loans };
}

export default function ClientLoansPage({ loaderData: { loans } }: Route.ComponentProps) {
  const hrefFor = usePageLinks();
  const pages = pageCount(loans);
  return (
    <>
      <PageTitle
        title="Mes demandes de prêt"
        description="Suivez l'état de vos demandes."
        actions={<ButtonLink to={paths.client.newLoan}>Demander un prêt</ButtonLink>}
      />
      {loans.total === 0 ? (
        <EmptyState
          icon={<FileText aria-hidden="true" className="size-10" />}
          title={loanMessages.noLoan}
          action={<ButtonLink to={paths.client.newLoan}>Demander un prêt</ButtonLink>}
        />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {loans.total} demande{loans.total > 1 ? "s" : ""}
            {pages > 1 ? ` · page ${loans.page} sur ${pages}` : ""}
          </p>
          <Card className="overflow-hidden">
            <LoanList loans={loans.items} showId caption="Mes demandes de prêt" />
          </Card>
          <Pagination page={loans.page} pageCount={pages} hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
