import { useParams } from "react-router";
import { formatLoanId } from "../../../../domain/format-loan-id";
import { ButtonLink } from "../../../components/button";
import { PageTitle } from "../../../components/page-title";
import { paths } from "../../../paths";

export default function AdminLoanPage() {
  const { loanId } = useParams();
  const id = Number(loanId);
  const title =
    Number.isInteger(id) && id > 0 ? `Demande de prêt ${formatLoanId(id)}` : "Demande de prêt";
  return (
    <PageTitle
      title={title}
      actions={
        <ButtonLink to={paths.admin.loans} variant="outline">
          Retour
        </ButtonLink>
      }
    />
  );
}
