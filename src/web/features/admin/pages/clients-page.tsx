import { PageTitle } from "../../../components/page-title";

export default function AdminClientsPage() {
  return <PageTitle title="Clients" />;
}
