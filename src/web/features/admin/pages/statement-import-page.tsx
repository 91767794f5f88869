import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { personName } from "../../../../domain/api/admin-clients";
import { paymentChannelLabels, servicingMessages } from "../../../../domain/api/servicing";
import { formatDateTime } from "../../../../domain/format-date";
import { Alert } from "../../../components/alert";
import { ButtonLink } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { PageTitle } from "../../../components/page-title";
import { RouteLoadError } from "../../../components/route-load-error";
import { pageContext } from "../../../lib/page-context";
import { paths } from "../../../paths";
import { isDuplicateArrival } from "../statements/import-page-state";
import { ProposedRowsForm } from "../statements/proposed-rows-form";
import { RecordedDetail, StatementRowList } from "../statements/statement-row-list";
import type { Route } from "./+types/statement-import-page";

/** One import: its rows as the server read and matched them, and what became of them. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  return { statement: await reader.statementImport(params.importId) };
}

const back = (
  <ButtonLink to={paths.admin.statements} variant="outline">
    <ArrowLeft aria-hidden="true" className="size-4" />
    Importer un autre relevé
  </ButtonLink>
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && (error.status === 404 || error.status === 400);
  return (
    <>
      <PageTitle title="Relevé importé" actions={back} />
      {missing ? (
        <EmptyState title={servicingMessages.importNotFound} />
      ) : (
        <RouteLoadError message="Impossible de charger ce relevé. Veuillez réessayer." />
      )}
    </>
  );
}

export default function StatementImportPage({ loaderData: { statement } }: Route.ComponentProps) {
  const location = useLocation();
  const byStatus = (status: string) => statement.rows.filter((row) => row.status === status);
  const imported = `le ${formatDateTime(statement.createdAt)} par ${personName(statement.importedBy)}`;
  return (
    <>
      <PageTitle
        title="Relevé importé"
        documentTitle={`Relevé ${statement.fileName}`}
        description={
          <span className="break-words">
            {paymentChannelLabels[statement.channel]} · « {statement.fileName} » · importé{" "}
            {imported}
          </span>
        }
        actions={back}
      />
      {isDuplicateArrival(location.state) ? (
        <Alert tone="warning" title="Ce relevé a déjà été importé" className="mb-6">
          Le même fichier a été importé {imported} : rien n'a été lu ni enregistré une seconde fois.
          Voici cet import.
        </Alert>
      ) : null}
      {statement.rows.length === 0 ? (
        <EmptyState title="Ce relevé ne contient aucune ligne." />
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <ProposedRowsForm importId={statement.id} rows={byStatus("proposed")} />
          <StatementRowList
            id="recorded-title"
            title="Paiements enregistrés"
            description="Ces paiements sont inscrits au prêt : son échéancier en tient compte."
            rows={byStatus("recorded")}
            detail={(row) => <RecordedDetail row={row} />}
          />
          <StatementRowList
            id="unmatched-title"
            title="Lignes non reconnues"
            description="Aucun prêt en remboursement ne correspond : enregistrez-les depuis la demande concernée si besoin."
            rows={byStatus("unmatched")}
            detail={(row) => <span className="text-amber-800">{row.problem}</span>}
          />
          <StatementRowList
            id="already-title"
            title="Déjà enregistrées"
            description="La référence de ces opérations est déjà enregistrée pour ce moyen de paiement : elles ne le sont pas une seconde fois."
            rows={byStatus("already_recorded")}
            detail={(row) => row.problem ?? "Paiement déjà enregistré."}
          />
        </div>
      )}
    </>
  );
}
