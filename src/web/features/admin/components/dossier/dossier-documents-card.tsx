import { ClipboardCheck } from "lucide-react";
import type { AdminLoanJson } from "../../../../../domain/api/admin-loans";
import type { DocumentJson } from "../../../../../domain/api/documents";
import { loanMessages } from "../../../../../domain/api/loans";
import { documentCategoryLabels } from "../../../../../domain/document-category";
import { fileTypeLabels } from "../../../../../domain/file-type";
import { formatDate } from "../../../../../domain/format-date";
import { formatFileSize } from "../../../../../domain/format-file-size";
import { isUndecided } from "../../../../../domain/loan-status";
import { Button } from "../../../../components/button";
import { Card, CardBody, CardHeader } from "../../../../components/card";
import { CardField, CardFields, ResponsiveList } from "../../../../components/responsive-list";
import { DocumentFileLinks } from "../../../loans-shared/document-file-links";
import { DocumentSpokenName } from "../../../loans-shared/document-spoken-name";
import { DocumentReviewDialog } from "./document-review-dialog";
import { DocumentVerdict } from "./document-verdict";

type DossierDocumentsCardProps = {
  loan: AdminLoanJson;
  onReviewed: (loan: AdminLoanJson) => void;
  onReviewFailed: (error: unknown) => void;
};

/** A file name as typed by its owner: it may mix scripts and directions, and run without spaces. */
function FileName({ name }: { name: string }) {
  return <bdi className="font-medium [overflow-wrap:anywhere] text-slate-900">{name}</bdi>;
}

/**
 * The request's documents as the officers review them (issue 8): each current document with its
 * verdict and the button to give or change it; the replaced versions apart, still openable, each
 * with the date and the name of the file that replaced it.
 */
export function DossierDocumentsCard({
  loan,
  onReviewed,
  onReviewFailed,
}: DossierDocumentsCardProps) {
  const current = loan.documents.filter((document) => document.replacedAt === null);
  const replaced = loan.documents.filter((document) => document.replacedAt !== null);
  const reviewable = isUndecided(loan.status);

  const reviewButton = (document: DocumentJson) =>
    reviewable ? (
      <DocumentReviewDialog
        loanId={loan.id}
        document={document}
        onSuccess={onReviewed}
        onFailure={onReviewFailed}
        trigger={
          <Button variant="outline" size="sm">
            <ClipboardCheck aria-hidden="true" className="size-4" />
            {document.review ? "Modifier l'avis" : "Donner un avis"}
            <span className="sr-only"> sur</span>
            <DocumentSpokenName document={document} />
          </Button>
        }
      />
    ) : null;

  return (
    <Card aria-labelledby="loan-documents-title" className="overflow-hidden">
      <CardHeader
        id="loan-documents-title"
        title="Documents associés"
        description={
          reviewable
            ? "Donnez un avis sur chaque document : « Conforme » ou « À remplacer »."
            : undefined
        }
      />
      {current.length === 0 ? (
        <CardBody>
          <p className="text-sm text-slate-600">{loanMessages.noDocument}</p>
        </CardBody>
      ) : (
        <ResponsiveList
          items={current}
          itemKey={(document) => document.id}
          label="Documents associés à la demande"
          tableMinWidth={860}
          overflow="scroll"
          rowClassName="align-top hover:bg-slate-50"
          columns={[
            {
              id: "name",
              header: "Nom",
              headerClassName: "py-3 pr-4 pl-5",
              className: "min-w-40 py-3 pr-4 pl-5",
              cell: (document) => (
                <>
                  <FileName name={document.fileName} />
                  <p className="text-xs text-slate-600">
                    {fileTypeLabels[document.fileType]}, {formatFileSize(document.fileSize)}
                  </p>
                </>
              ),
            },
            {
              id: "category",
              header: "Catégorie",
              headerClassName: "px-4 py-3",
              className: "px-4 py-3 text-slate-700",
              cell: (document) => documentCategoryLabels[document.category],
            },
            {
              id: "date",
              header: "Date",
              headerClassName: "px-4 py-3",
              className: "px-4 py-3 whitespace-nowrap text-slate-700",
              cell: (document) => (
                <time dateTime={document.uploadedAt}>{formatDate(document.uploadedAt)}</time>
              ),
            },
            {
              id: "verdict",
              header: "Avis",
              headerClassName: "px-4 py-3",
              className: "max-w-72 px-4 py-3",
              cell: (document) => <DocumentVerdict review={document.review} />,
            },
            {
              id: "actions",
              header: <span className="sr-only">Actions</span>,
              headerClassName: "px-4 py-3",
              className: "py-3 pr-5 pl-4",
              cell: (document) => (
                <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
                  <DocumentFileLinks document={document} />
                  {reviewButton(document)}
                </div>
              ),
            },
          ]}
          card={(document) => (
            <>
              <p>
                <FileName name={document.fileName} />
              </p>
              <CardFields>
                <CardField label="Catégorie">{documentCategoryLabels[document.category]}</CardField>
                <CardField label="Type">
                  {fileTypeLabels[document.fileType]}, {formatFileSize(document.fileSize)}
                </CardField>
                <CardField label="Date">
                  <time dateTime={document.uploadedAt}>{formatDate(document.uploadedAt)}</time>
                </CardField>
                <CardField label="Avis" className="">
                  <DocumentVerdict review={document.review} />
                </CardField>
              </CardFields>
              <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
                <DocumentFileLinks document={document} />
                {reviewButton(document)}
              </div>
            </>
          )}
        />
      )}
      {replaced.length > 0 ? (
        <ReplacedVersions replaced={replaced} documents={loan.documents} />
      ) : null}
    </Card>
  );
}

/** The versions the client replaced: never deleted, no longer counted as current. */
function ReplacedVersions({
  replaced,
  documents,
}: {
  replaced: DocumentJson[];
  documents: readonly DocumentJson[];
}) {
  const replacement = (document: DocumentJson) =>
    documents.find((candidate) => candidate.id === document.replacedById) ?? null;
  return (
    <div className="border-t border-slate-200">
      <h3
        id="replaced-documents-title"
        className="px-5 pt-4 pb-2 text-base font-semibold text-slate-900"
      >
        Versions remplacées
      </h3>
      <ul aria-labelledby="replaced-documents-title" className="divide-y divide-slate-100">
        {replaced.map((document) => {
          const next = replacement(document);
          return (
            <li key={document.id} className="px-5 py-3 text-sm">
              <p className="text-slate-600 line-through decoration-slate-400">
                <FileName name={document.fileName} />
              </p>
              <CardFields>
                <CardField label="Catégorie">{documentCategoryLabels[document.category]}</CardField>
                <CardField label="Remplacé le">
                  {document.replacedAt ? (
                    <time dateTime={document.replacedAt}>{formatDate(document.replacedAt)}</time>
                  ) : null}
                </CardField>
                <CardField label="Nouveau fichier">
                  {next ? <FileName name={next.fileName} /> : "—"}
                </CardField>
                {document.review ? (
                  <CardField label="Avis" className="">
                    <DocumentVerdict review={document.review} />
                  </CardField>
                ) : null}
              </CardFields>
              <div className="mt-1 flex flex-wrap items-center gap-x-3">
                <DocumentFileLinks document={document} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
