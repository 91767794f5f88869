import { type ReactElement, useId, useState } from "react";
import { Dialog, DialogActions, useMutationDialog } from "../../../components/dialog";
import { TextareaField } from "../../../components/textarea-field";
import { ApiRequestError } from "../../../lib/api-client";
import { lazySchema } from "../../../lib/lazy-zod";
import { useSingleSubmit } from "../../../lib/use-single-submit";
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
  const formId = useId();

  const { open, setOpen, onOpenChange } = useMutationDialog(mutation, () => {
    noteSchema.preload();
    setNote("");
    setError(undefined);
  });

  const single = useSingleSubmit();
  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    const parsed = await noteSchema.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await mutation.mutateAsync(parsed.data);
      setOpen(false);
      onSuccess();
    } catch (cause) {
      if (cause instanceof ApiRequestError && cause.status === 400) {
        setError(cause.fields?.note ?? cause.message);
        return;
      }
      setOpen(false);
      onFailure(cause);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Ajouter une note"
      description="Elle apparaîtra dans les notes et l'historique de la demande."
      footer={
        <DialogActions pending={mutation.isPending} type="submit" form={formId}>
          Ajouter
        </DialogActions>
      }
    >
      <form id={formId} onSubmit={single(confirm)} noValidate>
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
      </form>
    </Dialog>
  );
}
