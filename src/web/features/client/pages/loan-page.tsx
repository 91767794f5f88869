import { useParams } from "react-router";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { PageTitle } from "../../../components/page-title";

export default function ClientLoanPage() {
  const { loanId } = useParams();
  const id = Number(loanId);
  const title =
    Number.isInteger(id) && id > 0 ? `Demande de prêt ${formatLoanId(id)}` : "Demande de prêt";
  return <PageTitle title={title} />;
}
