import { type ReactElement, useState } from "react";
import { FormDialog } from "../../../components/form-dialog";
import { TextareaField } from "../../../components/textarea-field";
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
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const mutation = useAddAdminLoanNote(loanId);

  async function send() {
    const parsed = await noteSchema.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return false;
    }
    await mutation.mutateAsync(parsed.data);
    onSuccess();
    return true;
  }

  return (
    <FormDialog
      trigger={trigger}
      title="Ajouter une note"
      description="Elle apparaîtra dans les notes et l'historique de la demande."
      submitLabel="Ajouter"
      mutation={mutation}
      onOpen={() => {
        noteSchema.preload();
        setNote("");
        setError(undefined);
      }}
      send={send}
      onRefused={(refusal) => setError(refusal.fields?.note ?? refusal.message)}
      onFailure={onFailure}
    >
      <TextareaField
        label="Note"
        rows={5}
        value={note}
        maxLength={5000}
        onChange={(event) => {
          setNote(event.target.value);
          setError(undefined);
        }}
        error={error}
        required
      />
    </FormDialog>
  );
}
