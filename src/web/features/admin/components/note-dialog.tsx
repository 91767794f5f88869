import type { ReactElement } from "react";
import { TextFormDialog } from "../../../components/text-form-dialog";
import { lazySchema } from "../../../lib/lazy-zod";
import { useAddAdminLoanNote } from "../api/add-admin-loan-note";

const noteSchema = lazySchema(() =>
  import("../../../../domain/schemas/loan-request.schema").then((m) => m.loanNoteSchema),
);

type NoteDialogProps = {
  loanId: number;
  trigger: ReactElement;
  onSuccess: () => void;
  onFailure: (error: unknown) => void;
};

/** An officer's note on the request: it joins the notes card and the history. */
export function NoteDialog({ loanId, trigger, onSuccess, onFailure }: NoteDialogProps) {
  const mutation = useAddAdminLoanNote(loanId);
  return (
    <TextFormDialog
      trigger={trigger}
      title="Ajouter une note"
      description="Elle apparaîtra dans les notes et l'historique de la demande."
      submitLabel="Ajouter"
      mutation={mutation}
      field="note"
      label="Note"
      rows={5}
      maxLength={5000}
      schema={noteSchema}
      submit={async (body) => {
        await mutation.mutateAsync(body as { note: string });
        onSuccess();
      }}
      onFailure={onFailure}
    />
  );
}
