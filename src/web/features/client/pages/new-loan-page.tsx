import { useEffect } from "react";
import { areaHeadings } from "../../../../domain/area-routes";
import { PageTitle } from "../../../components/page-title";
import { PageSpinner } from "../../../components/spinner";
import { preloadToaster } from "../../../components/toast";
import { useAuth } from "../../../lib/auth/auth-provider";
import { LoanWizard } from "../loan-wizard/loan-wizard";

export default function NewLoanPage() {
  const { user } = useAuth();
  // Every upload ends with a toast: have the toast area ready.
  useEffect(() => preloadToaster(), []);
  return (
    <>
      <PageTitle {...areaHeadings.clientNewLoan} />
      <div className="mx-auto max-w-3xl">
        {user ? (
          <LoanWizard key={user.id} userId={user.id} country={user.country} />
        ) : (
          <PageSpinner />
        )}
      </div>
    </>
  );
}
