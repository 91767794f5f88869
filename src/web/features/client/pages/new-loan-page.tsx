import { useEffect } from "react";
import { PageTitle } from "../../../components/page-title";
import { preloadToaster } from "../../../components/toast";
import { useAuth } from "../../../lib/auth/auth-provider";
import { LoanWizard } from "../loan-wizard/loan-wizard";

export default function NewLoanPage() {
  const { user } = useAuth();
  // Every upload ends with a toast: have the toast area ready.
  useEffect(() => preloadToaster(), []);
  return (
    <>
      <PageTitle
        title="Demander un prêt"
        description="Deux étapes : les informations du prêt, puis les documents justificatifs."
      />
      <div className="mx-auto max-w-3xl">
        {user ? <LoanWizard key={user.id} userId={user.id} country={user.country} /> : null}
      </div>
    </>
  );
}
