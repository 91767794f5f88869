import { ArrowRight, FileText } from "lucide-react";
import { dashboardListSize, loanMessages } from "../../../../domain/api/loans";
import { ButtonLink } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { LoadError } from "../../../components/load-error";
import { SectionSpinner } from "../../../components/section-spinner";
import { paths } from "../../../paths";
import { useLoans } from "../api/get-loans";
import { LoanList } from "./loan-list";

/** The dashboard's five latest requests; 'Voir tout' only when there are more. */
export function RecentLoansCard() {
  const loans = useLoans({ page: 1, pageSize: dashboardListSize });
  const more = loans.data && loans.data.total > dashboardListSize;
  return (
    <Card aria-labelledby="recent-loans-title" className="overflow-hidden">
      <CardHeader
        id="recent-loans-title"
        title="Mes demandes de prêt"
        description={more ? `Les ${dashboardListSize} plus récentes` : undefined}
        actions={
          more ? (
            <ButtonLink to={paths.client.loans} variant="outline" size="sm">
              Voir tout
              <span className="sr-only"> (mes demandes de prêt)</span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
          ) : null
        }
      />
      {loans.isPending ? (
        <SectionSpinner label="Chargement des demandes…" />
      ) : loans.isError ? (
        <div className="p-5">
          <LoadError message={loanMessages.listFailed} onRetry={() => void loans.refetch()} />
        </div>
      ) : loans.data.items.length === 0 ? (
        <div className="p-5">
          <EmptyState
            icon={<FileText aria-hidden="true" className="size-10" />}
            title={loanMessages.noLoan}
            action={<ButtonLink to={paths.client.newLoan}>Demander un prêt</ButtonLink>}
          />
        </div>
      ) : (
        <LoanList loans={loans.data.items} caption="Mes demandes de prêt les plus récentes" />
      )}
    </Card>
  );
}
