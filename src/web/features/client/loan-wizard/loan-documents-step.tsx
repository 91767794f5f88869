import type { RefObject } from "react";
import {
  documentCategoryLabels,
  type LoanDocumentCategory,
  loanDocumentCategories,
} from "../../../../domain/document-category";
import { FileDropField, type FileDropFieldHandle } from "../components/file-drop-field";
import type { UploadController } from "../upload/use-upload";

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
