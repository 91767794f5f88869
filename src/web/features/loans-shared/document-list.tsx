import type { ReactNode } from "react";
import type { DocumentJson } from "../../../domain/api/documents";
import { documentCategoryLabels } from "../../../domain/document-category";
import { fileTypeLabels } from "../../../domain/file-type";
import { formatDate } from "../../../domain/format-date";
import { formatFileSize } from "../../../domain/format-file-size";
import { useContainerWidth } from "../../lib/use-container-width";
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
  tableMinWidth?: number;
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
  const [ref, width] = useContainerWidth<HTMLDivElement>();
  const wide = width !== null && width >= tableMinWidth;
  if (!wide) {
    return (
      <div ref={ref}>
        <ul aria-label={caption} className="divide-y divide-slate-100">
          {documents.map((document) => (
            <li key={document.id} className="px-5 py-4">
              <p>
                <FileName document={document} />
              </p>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-600">Catégorie</dt>
                <dd className="text-slate-900">{documentCategoryLabels[document.category]}</dd>
                {showType ? (
                  <>
                    <dt className="text-slate-600">Type</dt>
                    <dd className="text-slate-900">{fileTypeLabels[document.fileType]}</dd>
                  </>
                ) : null}
                {showSize ? (
                  <>
                    <dt className="text-slate-600">Taille</dt>
                    <dd className="text-slate-900">{formatFileSize(document.fileSize)}</dd>
                  </>
                ) : null}
                <dt className="text-slate-600">Date</dt>
                <dd className="text-slate-900">
                  <time dateTime={document.uploadedAt}>{formatDate(document.uploadedAt)}</time>
                </dd>
              </dl>
              <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                {actions(document)}
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div ref={ref} className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-3 pr-4 pl-5">
              Nom
            </th>
            <th scope="col" className="px-4 py-3">
              Catégorie
            </th>
            {showType ? (
              <th scope="col" className="px-4 py-3">
                Type
              </th>
            ) : null}
            {showSize ? (
              <th scope="col" className="px-4 py-3 text-right">
                Taille
              </th>
            ) : null}
            <th scope="col" className="px-4 py-3">
              Date
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {documents.map((document) => (
            <tr key={document.id} className="hover:bg-slate-50">
              <td className="min-w-40 py-2 pr-4 pl-5">
                <FileName document={document} />
              </td>
              <td className="px-4 py-2 text-slate-700">
                {documentCategoryLabels[document.category]}
              </td>
              {showType ? (
                <td className="px-4 py-2 text-slate-700">{fileTypeLabels[document.fileType]}</td>
              ) : null}
              {showSize ? (
                <td className="px-4 py-2 text-right whitespace-nowrap text-slate-700 tabular-nums">
                  {formatFileSize(document.fileSize)}
                </td>
              ) : null}
              <td className="px-4 py-2 whitespace-nowrap text-slate-700">
                <time dateTime={document.uploadedAt}>{formatDate(document.uploadedAt)}</time>
              </td>
              <td className="py-2 pr-5 pl-4">
                <div className="flex items-center justify-end gap-x-3">{actions(document)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
