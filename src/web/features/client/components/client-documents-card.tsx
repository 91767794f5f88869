import { FolderOpen } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  type DocumentJson,
  documentCountText,
  documentListMessages,
} from "../../../../domain/api/documents";
import { type Page, pageCount } from "../../../../domain/api/page";
import { Card, CardHeader } from "../../../components/card";
import { EmptyState } from "../../../components/empty-state";
import { Pagination, usePageLinks } from "../../../components/pagination";
import { toast } from "../../../components/toast";
import { DocumentFileLinks } from "../../loans-shared/document-file-links";
import { DocumentList } from "../../loans-shared/document-list";
import { useDeleteDocument } from "../api/delete-document";
import { DocumentDeleteAction } from "./document-delete-action";

// The confirmation loads when a 'Supprimer' is pressed (or reached for: focus, pointer).
const loadDeleteDialog = () => import("./document-delete-dialog");
const DocumentDeleteDialog = lazy(loadDeleteDialog);

/** The client's documents, 20 a page (?page= in the URL), each deletable after confirmation. */
export function ClientDocumentsCard({ documents }: { documents: Page<DocumentJson> }) {
  const remove = useDeleteDocument();
  const hrefFor = usePageLinks();
  const pages = pageCount(documents);
  const [toDelete, setToDelete] = useState<DocumentJson | null>(null);
  const deleted = useRef(false);

  // The deleted document's button is gone: keyboard focus goes to the list's heading rather than
  // back to the top of the page. The dialog restores focus on a timer of its own once closed;
  // this one runs after it.
  useEffect(() => {
    if (toDelete !== null || !deleted.current) return;
    deleted.current = false;
    const timer = setTimeout(() => {
      const heading = document.getElementById("documents-list-title");
      heading?.setAttribute("tabindex", "-1");
      heading?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [toDelete]);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      deleted.current = true;
      toast.success(documentListMessages.deleted);
    } catch (error) {
      toast.error(
        `Erreur lors de la suppression: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setToDelete(null);
    }
  }

  return (
    <Card aria-labelledby="documents-list-title" className="overflow-hidden">
      <CardHeader
        id="documents-list-title"
        title="Vos documents"
        description={documents.total > 0 ? documentCountText(documents.total) : undefined}
      />
      {documents.total === 0 ? (
        <div className="p-5">
          <EmptyState
            icon={<FolderOpen aria-hidden="true" className="size-10" />}
            title={documentListMessages.empty}
          />
        </div>
      ) : (
        <>
          <DocumentList
            documents={documents.items}
            caption="Vos documents"
            showSize
            tableMinWidth={820}
            actions={(document) => (
              <>
                <DocumentFileLinks document={document} download={false} />
                <DocumentDeleteAction
                  document={document}
                  onDelete={setToDelete}
                  onReach={() => void loadDeleteDialog()}
                />
              </>
            )}
          />
          {pages > 1 ? (
            <div className="border-t border-slate-100 px-5 pb-4">
              <Pagination page={documents.page} pageCount={pages} hrefFor={hrefFor} />
            </div>
          ) : null}
        </>
      )}

      {toDelete ? (
        <Suspense fallback={null}>
          <DocumentDeleteDialog
            document={toDelete}
            pending={remove.isPending}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setToDelete(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
