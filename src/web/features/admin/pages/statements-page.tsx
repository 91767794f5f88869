import { PageTitle } from "../../../components/page-title";
import { RouteLoadError } from "../../../components/route-load-error";
import { pageContext } from "../../../lib/page-context";
import { StatementUploadForm } from "../statements/statement-upload-form";
import type { Route } from "./+types/statements-page";

/** The channels' saved columns: the import is sent at once when the file has them. */
export async function loader({ context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  return { mappings: await reader.statementMappings() };
}

const title = "Relevés de paiement";

export function ErrorBoundary() {
  return (
    <>
      <PageTitle title={title} />
      <RouteLoadError message="Impossible de charger les relevés. Veuillez réessayer." />
    </>
  );
}

export default function StatementsPage({ loaderData: { mappings } }: Route.ComponentProps) {
  return (
    <>
      <PageTitle
        title={title}
        description="Enregistrez les remboursements reçus par mobile money ou par virement à partir du relevé de l'opérateur."
      />
      <StatementUploadForm mappings={mappings} />
    </>
  );
}
