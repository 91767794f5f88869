import { CircleCheck } from "lucide-react";
import { useEffect } from "react";
import type { InfoRequestItemJson } from "../../../../domain/api/dossier";
import { dossierMessages } from "../../../../domain/api/dossier";
import type { UploadJson } from "../../../../domain/api/uploads";
import { documentCategoryLabels } from "../../../../domain/document-category";
import { replacementReasonLabels } from "../../../../domain/document-review";
import { formatFileSize } from "../../../../domain/format-file-size";
import { toast } from "../../../components/toast";
import { DocumentFileLinks } from "../../loans-shared/document-file-links";
import { useAttachComplement } from "../api/complement";
import { FileDropField } from "../components/file-drop-field";
import { isBusy, useUpload } from "../upload/use-upload";

type ComplementItemProps = {
  loanId: number;
  item: InfoRequestItemJson;
  /** Tells the panel while a file of this item is on its way (the send button waits). */
  onBusyChange: (itemId: number, busy: boolean) => void;
  /** The server refused because the request changed meanwhile: the page reloads it. */
  onStale: () => void;
};

/**
 * One thing asked: what and why (the document to replace, the reason of its verdict, the
 * officer's comment), the file sent for it once there, and a file slot that sends a file as soon
 * as it is chosen (resumable, photos compressed) and attaches it to the item; another file can be
 * sent later, replacing the one before.
 */
export function ComplementItem({ loanId, item, onBusyChange, onStale }: ComplementItemProps) {
  const attach = useAttachComplement(loanId);
  const upload = useUpload({ onUploaded: (finished) => void attachUpload(finished) });
  const category = documentCategoryLabels[item.category];
  const busy = isBusy(upload.state) || attach.isPending;

  useEffect(() => onBusyChange(item.id, busy), [busy, item.id, onBusyChange]);

  async function attachUpload(finished: UploadJson) {
    const { error } = await attach.mutateAsync({ itemId: item.id, uploadId: finished.id });
    if (error) {
      upload.fail(error.fields?.uploadId ?? error.message);
      toast.error(error.message);
      if (error.status === 404 || error.status === 409) onStale();
      return;
    }
    // The upload is now the item's document, shown above: the slot is free for another file.
    upload.reset();
    toast.success(dossierMessages.itemSaved);
  }

  const provided = item.providedDocument;
  const headingId = `complement-item-${item.id}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-slate-900">
        {item.kind === "replace" ? `${category} à remplacer` : `${category} à ajouter`}
      </h3>
      <dl className="mt-2 space-y-1 text-sm text-slate-700">
        {item.kind === "replace" && item.documentName ? (
          <div>
            <dt className="inline font-medium text-slate-800">Document concerné : </dt>
            <dd className="inline [overflow-wrap:anywhere]">
              <bdi>{item.documentName}</bdi>
            </dd>
          </div>
        ) : null}
        {item.reason ? (
          <div>
            <dt className="inline font-medium text-slate-800">Motif : </dt>
            <dd className="inline">{replacementReasonLabels[item.reason]}</dd>
          </div>
        ) : null}
        {item.comment ? (
          <div>
            <dt className="inline font-medium text-slate-800">
              Commentaire de votre conseiller :{" "}
            </dt>
            <dd className="inline whitespace-pre-line break-words">{item.comment}</dd>
          </div>
        ) : null}
      </dl>

      {provided ? (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
          <p className="min-w-0 flex-1 basis-48">
            <span className="font-medium">Fichier envoyé : </span>
            <bdi className="[overflow-wrap:anywhere]">{provided.fileName}</bdi>{" "}
            <span className="text-emerald-900">({formatFileSize(provided.fileSize)})</span>
          </p>
          <span className="flex items-center gap-x-3">
            <DocumentFileLinks document={provided} download={false} />
          </span>
        </div>
      ) : null}

      <FileDropField
        label={provided ? `Envoyer un autre fichier : ${category}` : `Fichier : ${category}`}
        upload={upload}
        mode="upload"
        required={!provided}
        disabled={attach.isPending}
        className="mt-3"
      />
    </li>
  );
}
