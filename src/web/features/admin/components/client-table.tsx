import { Link } from "react-router";
import { type AdminClientSummaryJson, personName } from "../../../../domain/api/admin-clients";
import { formatDate } from "../../../../domain/format-date";
import { formatNumber } from "../../../../domain/format-fcfa";
import { useContainerWidth } from "../../../lib/use-container-width";
import { paths } from "../../../paths";

/** Below this width of its own box the list shows cards: the six columns would not fit. */
const tableMinWidth = 860;

const notGiven = <span className="text-slate-500">Non renseigné</span>;

/**
 * The officers' list of clients: a table on a desktop, one card per client on narrow screens.
 * The name is the row's link; the link covers the whole row, so a click anywhere opens the file.
 */
export function ClientTable({ clients }: { clients: readonly AdminClientSummaryJson[] }) {
  const [ref, width] = useContainerWidth<HTMLDivElement>();
  const wide = width !== null && width >= tableMinWidth;
  if (!wide) {
    return (
      <div ref={ref}>
        <ul aria-label="Clients" className="divide-y divide-slate-100">
          {clients.map((client) => (
            <li key={client.id} className="relative px-5 py-4 hover:bg-slate-50">
              <Link
                to={paths.admin.client(client.id)}
                className="font-semibold text-brand-700 after:absolute after:inset-0 hover:underline"
              >
                {personName(client)}
              </Link>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-600">E-mail</dt>
                <dd className="[overflow-wrap:anywhere] text-slate-900">{client.email}</dd>
                <dt className="text-slate-600">Téléphone</dt>
                <dd className="text-slate-900">{client.phone ?? notGiven}</dd>
                <dt className="text-slate-600">Ville</dt>
                <dd className="text-slate-900">{client.city ?? notGiven}</dd>
                <dt className="text-slate-600">Inscription</dt>
                <dd className="text-slate-900">
                  <time dateTime={client.createdAt}>{formatDate(client.createdAt)}</time>
                </dd>
                <dt className="text-slate-600">Demandes</dt>
                <dd className="text-slate-900 tabular-nums">{formatNumber(client.loanCount)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div ref={ref}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Clients</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-3 pr-4 pl-5">
              Nom
            </th>
            <th scope="col" className="px-4 py-3">
              E-mail
            </th>
            <th scope="col" className="px-4 py-3">
              Téléphone
            </th>
            <th scope="col" className="px-4 py-3">
              Ville
            </th>
            <th scope="col" className="px-4 py-3">
              Inscription
            </th>
            <th scope="col" className="py-3 pr-5 pl-4 text-right">
              Demandes
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {clients.map((client) => (
            <tr key={client.id} className="relative hover:bg-slate-50">
              <td className="py-3 pr-4 pl-5">
                <Link
                  to={paths.admin.client(client.id)}
                  className="font-semibold text-brand-700 after:absolute after:inset-0 hover:underline"
                >
                  {personName(client)}
                </Link>
              </td>
              <td className="max-w-64 px-4 py-3 [overflow-wrap:anywhere] text-slate-700">
                {client.email}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {client.phone ?? notGiven}
              </td>
              <td className="px-4 py-3 text-slate-700">{client.city ?? notGiven}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <time dateTime={client.createdAt}>{formatDate(client.createdAt)}</time>
              </td>
              <td className="py-3 pr-5 pl-4 text-right text-slate-900 tabular-nums">
                {formatNumber(client.loanCount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
