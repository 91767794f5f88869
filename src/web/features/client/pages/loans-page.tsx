import { PageTitle } from "../../../components/page-title";

export default function ClientLoansPage() {
  return <PageTitle title="Mes demandes de prêt" description="Suivez l'état de vos demandes." />;
}
