import { PageTitle } from "../../../components/page-title";

export default function NewLoanPage() {
  return (
    <PageTitle
      title="Demander un prêt"
      description="Étape 1 : les informations du prêt. Étape 2 : les documents justificatifs."
    />
  );
}
