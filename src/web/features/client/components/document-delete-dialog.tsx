import type { DocumentJson } from "../../../../domain/api/documents";
import { documentListMessages } from "../../../../domain/api/documents";
import { Dialog, DialogActions } from "../../../components/dialog";

/**
 * 'Êtes-vous sûr de vouloir supprimer ce document?': loaded when a 'Supprimer' is first reached for
 * (client-documents-card.tsx), so the documents page's first load does not carry the dialog.
 */
export default function DocumentDeleteDialog({
  document,
  pending,
  onConfirm,
  onCancel,
}: {
  document: DocumentJson;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onCancel();
      }}
      title="Supprimer le document"
      description={documentListMessages.confirm}
      size="sm"
      footer={
        <DialogActions
          pending={pending}
          variant="danger"
          loadingText="Suppression…"
          onClick={onConfirm}
        >
          Supprimer
        </DialogActions>
      }
    >
      <p className="text-sm text-slate-700">
        <bdi className="font-medium [overflow-wrap:anywhere] text-slate-900">
          {document.fileName}
        </bdi>
      </p>
    </Dialog>
  );
}
