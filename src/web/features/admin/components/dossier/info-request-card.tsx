import {
  dossierMessages,
  type InfoRequestItemJson,
  type InfoRequestJson,
} from "../../../../../domain/api/dossier";
import { documentCategoryLabels } from "../../../../../domain/document-category";
import { replacementReasonLabels } from "../../../../../domain/document-review";
import { formatDateTime } from "../../../../../domain/format-date";
import { Badge } from "../../../../components/badge";
import { Card, CardBody, CardHeader } from "../../../../components/card";
import { DocumentFileLinks } from "../../../loans-shared/document-file-links";

function FileName({ name }: { name: string }) {
  return <bdi className="font-medium [overflow-wrap:anywhere] text-slate-900">{name}</bdi>;
}

function ItemLine({ item, answered }: { item: InfoRequestItemJson; answered: boolean }) {
  const category = documentCategoryLabels[item.category];
  return (
    <li className="space-y-1 py-3">
      <p className="text-sm text-slate-900">
        {item.kind === "replace" ? (
          <>
            À remplacer : {category}
            {item.documentName ? (
              <>
                {" "}
                (<FileName name={item.documentName} />)
              </>
            ) : null}
            {item.reason ? ` : ${replacementReasonLabels[item.reason].toLowerCase()}` : ""}
          </>
        ) : (
          <>À ajouter : {category}</>
        )}
      </p>
      {item.comment ? (
        <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-700">
          {item.comment}
        </p>
      ) : null}
      {item.providedDocument ? (
        <div className="flex flex-wrap items-center gap-x-3 text-sm text-slate-700">
          <span>
            Envoyé : <FileName name={item.providedDocument.fileName} />
          </span>
          <DocumentFileLinks document={item.providedDocument} download={false} />
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          {answered ? "Rien n'a été envoyé pour cet élément." : "Pas encore envoyé par le client."}
        </p>
      )}
    </li>
  );
}

/**
 * The latest request for more information: what was asked, by whom and when; once the client
 * has answered, the answer and what was sent.
 */
export function InfoRequestCard({ request }: { request: InfoRequestJson }) {
  const answered = request.answeredAt !== null;
  const by = request.requestedBy
    ? ` par ${request.requestedBy.firstName} ${request.requestedBy.lastName}`.trimEnd()
    : "";
  return (
    <Card aria-labelledby="info-request-title" className="min-w-0">
      <CardHeader
        id="info-request-title"
        title="Demande de complément"
        description={
          <>
            Demandée le{" "}
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
            {by}
          </>
        }
        actions={
          answered ? (
            <Badge tone="success">Compléments reçus</Badge>
          ) : request.closedAt !== null ? (
            <Badge tone="neutral">{dossierMessages.infoRequestClosed}</Badge>
          ) : (
            <Badge tone="action">En attente du client</Badge>
          )
        }
      />
      <CardBody className="space-y-4">
        {request.items.length > 0 ? (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Documents demandés</h3>
            <ul className="divide-y divide-slate-100">
              {request.items.map((item) => (
                <ItemLine key={item.id} item={item} answered={answered} />
              ))}
            </ul>
          </div>
        ) : null}
        {request.question ? (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Question au client</h3>
            <p className="mt-1 text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-800">
              {request.question}
            </p>
          </div>
        ) : null}
        {answered ? (
          <div className="rounded-lg bg-emerald-50 px-4 py-3">
            <h3 className="text-sm font-semibold text-slate-900">
              Réponse du client, le{" "}
              <time dateTime={request.answeredAt ?? undefined}>
                {formatDateTime(request.answeredAt ?? request.createdAt)}
              </time>
            </h3>
            <p className="mt-1 text-sm [overflow-wrap:anywhere] whitespace-pre-line text-slate-800">
              {request.answer ?? "Pas de réponse écrite : les documents demandés ont été envoyés."}
            </p>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
