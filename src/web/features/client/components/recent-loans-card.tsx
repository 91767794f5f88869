import { ArrowRight, FileText } from "lucide-react";
import type { LoanSummaryJson } from "../../../../domain/api/loans";
import { dashboardListSize, loanMessages } from "../../../../domain/api/loans";
import type { Page } from "../../../../domain/api/page";
import { ButtonLink } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { paths } from "../../../paths";
import { LoanList } from "./loan-list";

/** The dashboard's five latest requests; 'Voir tout' only when there are more. */
export function RecentLoansCard({ loans }: { loans: Page<LoanSummaryJson> }) {
  const more = loans.total > dashboardListSize;
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
      {loans.items.length === 0 ? (
        <div className="p-5">
          <EmptyState
            icon={<FileText aria-hidden="true" className="size-10" />}
            title={loanMessages.noLoan}
            action={<ButtonLink to={paths.client.newLoan}>Demander un prêt</ButtonLink>}
          />
        </div>
      ) : (
        <LoanList loans={loans.items} caption="Mes demandes de prêt les plus récentes" />
      )}
    </Card>
  );
}
