import { lazy, type RefObject } from "react";
import {
  documentCategoryLabels,
  type LoanDocumentCategory,
  loanDocumentCategories,
} from "../../../../domain/document-category";
import { loadOnce } from "../../../lib/lazy-zod";
import type { FileDropFieldHandle } from "../components/file-drop-field";
import type { UploadController } from "../upload/use-upload";

// The file slots load on demand (the wizard preloads them while step 1 is filled), this step's
// layout with the wizard. The other way round, the build merged this small module into the
// chunk of the slots, which the documents page loads at once (/client/documents).
const fileDropField = loadOnce(() => import("../components/file-drop-field"));
const FileDropField = lazy(() => fileDropField().then((m) => ({ default: m.FileDropField })));
export const preloadDocumentsStep = fileDropField.preload;

export type LoanUploads = Record<LoanDocumentCategory, UploadController>;
export type SlotHandles = Record<LoanDocumentCategory, RefObject<FileDropFieldHandle | null>>;

/**
 * Step 2: the three required documents. Each file is sent as soon as it is chosen; the slots'
 * uploads belong to the wizard, so going back to step 1 does not stop them.
 */
export function LoanDocumentsStep({
  uploads,
  errors,
  handles,
  disabled,
}: {
  uploads: LoanUploads;
  /** The missing-document messages, shown while a slot is empty. */
  errors: Partial<Record<LoanDocumentCategory, string>>;
  handles: SlotHandles;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-6">
      <p className="text-sm text-slate-700">
        Joignez les trois documents ci-dessous : un PDF ou une photo lisible de chaque document.
        Chaque fichier est envoyé dès que vous le choisissez.
      </p>
      {loanDocumentCategories.map((category) => {
        const upload = uploads[category];
        return (
          <FileDropField
            key={category}
            label={documentCategoryLabels[category]}
            upload={upload}
            mode="upload"
            required
            disabled={disabled}
            handle={handles[category]}
            error={upload.state.status === "idle" ? errors[category] : undefined}
          />
        );
      })}
    </div>
  );
}
