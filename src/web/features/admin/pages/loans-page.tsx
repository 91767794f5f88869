import { PageTitle } from "../../../components/page-title";

export default function AdminLoansPage() {
  return <PageTitle title="Demandes de prêts" />;
}
