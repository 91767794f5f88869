import type { ReactNode } from "react";
import type { DocumentJson } from "../../../domain/api/documents";
import { documentCategoryLabels } from "../../../domain/document-category";
import { fileTypeLabels } from "../../../domain/file-type";
import { formatDate } from "../../../domain/format-date";
import { formatFileSize } from "../../../domain/format-file-size";
import {
  CardField,
  CardFields,
  ResponsiveList,
  type TableMinWidth,
} from "../../components/responsive-list";
import { DocumentFileLinks } from "./document-file-links";

type DocumentListProps = {
  documents: readonly DocumentJson[];
  /** Names the table for screen readers. */
  caption: string;
  /** Shows the file's type (PDF, PNG, JPEG). */
  showType?: boolean;
  /** Shows the file's size (octets, Ko, Mo). */
  showSize?: boolean;
  /** What can be done with a document; 'Voir' and 'Télécharger' by default. */
  actions?: (document: DocumentJson) => ReactNode;
  /** Below this width of its own box, the list shows cards: the table's columns would not fit. */
  tableMinWidth?: TableMinWidth;
};

/** A file name as typed by its owner: it may mix scripts and directions, and run without spaces. */
function FileName({ document }: { document: DocumentJson }) {
  return (
    <bdi className="font-medium [overflow-wrap:anywhere] text-slate-900">{document.fileName}</bdi>
  );
}

const defaultActions = (document: DocumentJson) => <DocumentFileLinks document={document} />;

/** A list of documents: a table on wide screens, one card per document on phones. */
export function DocumentList({
  documents,
  caption,
  showType = false,
  showSize = false,
  actions = defaultActions,
  tableMinWidth = 700,
}: DocumentListProps) {
  return (
    <ResponsiveList
      items={documents}
      itemKey={(document) => document.id}
      label={caption}
      tableMinWidth={tableMinWidth}
      columns={[
        {
          id: "name",
          header: "Nom",
          headerClassName: "py-3 pr-4 pl-5",
          className: "min-w-40 py-2 pr-4 pl-5",
          cell: (document) => <FileName document={document} />,
        },
        {
          id: "category",
          header: "Catégorie",
          headerClassName: "px-4 py-3",
          className: "px-4 py-2 text-slate-700",
          cell: (document) => documentCategoryLabels[document.category],
        },
        showType && {
          id: "type",
          header: "Type",
          headerClassName: "px-4 py-3",
          className: "px-4 py-2 text-slate-700",
          cell: (document) => fileTypeLabels[document.fileType],
        },
        showSize && {
          id: "size",
          header: "Taille",
          headerClassName: "px-4 py-3 text-right",
          className: "px-4 py-2 text-right whitespace-nowrap text-slate-700 tabular-nums",
          cell: (document) => formatFileSize(document.fileSize),
        },
        {
          id: "date",
          header: "Date",
          headerClassName: "px-4 py-3",
          className: "px-4 py-2 whitespace-nowrap text-slate-700",
          cell: (document) => (
            <time dateTime={document.uploadedAt}>{formatDate(document.uploadedAt)}</time>
          ),
        },
        {
          id: "actions",
          header: <span className="sr-only">Actions</span>,
          headerClassName: "px-4 py-3",
          className: "py-2 pr-5 pl-4",
          cell: (document) => (
            <div className="flex items-center justify-end gap-x-3">{actions(document)}</div>
          ),
        },
      ]}
      card={(document) => (
        <>
          <p>
            <FileName document={document} />
          </p>
          <CardFields>
            <CardField label="Catégorie">{documentCategoryLabels[document.category]}</CardField>
            {showType ? (
              <CardField label="Type">{fileTypeLabels[document.fileType]}</CardField>
            ) : null}
            {showSize ? (
              <CardField label="Taille">{formatFileSize(document.fileSize)}</CardField>
            ) : null}
            <CardField label="Date">
              <time dateTime={document.uploadedAt}>{formatDate(document.uploadedAt)}</time>
            </CardField>
          </CardFields>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            {actions(document)}
          </div>
        </>
      )}
      overflow="scroll"
    />
  );
}
