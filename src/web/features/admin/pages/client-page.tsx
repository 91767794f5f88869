import { ButtonLink } from "../../../components/button";
import { PageTitle } from "../../../components/page-title";
import { paths } from "../../../paths";

export default function AdminClientPage() {
  return (
    <PageTitle
      title="Détails du client"
      actions={
        <ButtonLink to={paths.admin.clients} variant="outline">
          Retour
        </ButtonLink>
      }
    />
  );
}
