import { Link } from "react-router";
import { type AdminClientSummaryJson, personName } from "../../../../domain/api/admin-clients";
import { formatDate } from "../../../../domain/format-date";
import { formatNumber } from "../../../../domain/format-fcfa";
import { CardField, CardFields, ResponsiveList } from "../../../components/responsive-list";
import { paths } from "../../../paths";
import { ClosedAccountBadge } from "./closed-account-badge";

/** Below this width of its own box the list shows cards: the six columns would not fit. */
const tableMinWidth = 860;

const notGiven = <span className="text-slate-500">Non renseigné</span>;

/** The row's link: it covers the whole row (the row is `relative`). */
function ClientLink({ client }: { client: AdminClientSummaryJson }) {
  return (
    <Link
      to={paths.admin.client(client.id)}
      className="font-semibold text-brand-700 after:absolute after:inset-0 hover:underline"
    >
      {personName(client)}
    </Link>
  );
}

/**
 * The officers' list of clients: a table on a desktop, one card per client on narrow screens.
 * The name is the row's link; the link covers the whole row, so a click anywhere opens the file.
 */
export function ClientTable({ clients }: { clients: readonly AdminClientSummaryJson[] }) {
  return (
    <ResponsiveList
      items={clients}
      itemKey={(client) => client.id}
      label="Clients"
      tableMinWidth={tableMinWidth}
      columns={[
        {
          id: "name",
          header: "Nom",
          headerClassName: "py-3 pr-4 pl-5",
          className: "py-3 pr-4 pl-5",
          cell: (client) => (
            <>
              <ClientLink client={client} />
              <ClosedAccountBadge closedAt={client.closedAt} />
            </>
          ),
        },
        {
          id: "email",
          header: "E-mail",
          headerClassName: "px-4 py-3",
          className: "px-4 py-3 break-words text-slate-700",
          cell: (client) => client.email,
        },
        {
          id: "phone",
          header: "Téléphone",
          headerClassName: "px-4 py-3",
          className: "px-4 py-3 whitespace-nowrap text-slate-700",
          cell: (client) => client.phone ?? notGiven,
        },
        {
          id: "city",
          header: "Ville",
          headerClassName: "px-4 py-3",
          className: "px-4 py-3 text-slate-700",
          cell: (client) => client.city ?? notGiven,
        },
        {
          id: "registered",
          header: "Inscription",
          headerClassName: "px-4 py-3",
          className: "px-4 py-3 whitespace-nowrap text-slate-700",
          cell: (client) => <time dateTime={client.createdAt}>{formatDate(client.createdAt)}</time>,
        },
        {
          id: "loans",
          header: "Demandes",
          headerClassName: "py-3 pr-5 pl-4 text-right",
          className: "py-3 pr-5 pl-4 text-right text-slate-900 tabular-nums",
          cell: (client) => formatNumber(client.loanCount),
        },
      ]}
      rowClassName="relative hover:bg-slate-50"
      card={(client) => (
        <>
          <ClientLink client={client} />
          <ClosedAccountBadge closedAt={client.closedAt} />
          <CardFields>
            <CardField label="E-mail" className="[overflow-wrap:anywhere] text-slate-900">
              {client.email}
            </CardField>
            <CardField label="Téléphone">{client.phone ?? notGiven}</CardField>
            <CardField label="Ville">{client.city ?? notGiven}</CardField>
            <CardField label="Inscription">
              <time dateTime={client.createdAt}>{formatDate(client.createdAt)}</time>
            </CardField>
            <CardField label="Demandes" className="text-slate-900 tabular-nums">
              {formatNumber(client.loanCount)}
            </CardField>
          </CardFields>
        </>
      )}
      cardClassName="relative px-5 py-4 hover:bg-slate-50"
    />
  );
}
