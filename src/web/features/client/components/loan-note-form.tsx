import { useRef, useState } from "react";
import { loanMessages } from "../../../../domain/api/loans";
import { Button } from "../../../components/button";
import { TextareaField } from "../../../components/textarea-field";
import { toast } from "../../../components/toast";
import { ApiRequestError } from "../../../lib/api-client";
import { lazySchema } from "../../../lib/lazy-zod";
import { useSingleSubmit } from "../../../lib/use-single-submit";
import { useAddLoanNote } from "../api/add-loan-note";

// One field: a state and the schema loaded on first use, as the officers' note dialog does.
// react-hook-form (15 KiB gzipped) would be the largest part of a request's page for it.
const noteSchema = lazySchema(() =>
  import("../../../../domain/schemas/loan-request.schema").then((m) => m.loanNoteSchema),
);

/** A note from the client to the officers; it joins the request's history. */
export function LoanNoteForm({ loanId }: { loanId: number }) {
  const addNote = useAddLoanNote(loanId);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const single = useSingleSubmit();
  const field = useRef<HTMLTextAreaElement>(null);

  function showError(message: string | undefined) {
    setError(message);
    field.current?.focus();
  }

  async function submit() {
    const parsed = await noteSchema.safeParse({ note });
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await addNote.mutateAsync(parsed.data);
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : String(cause);
      const fieldMessage = cause instanceof ApiRequestError ? cause.fields?.note : undefined;
      if (fieldMessage) showError(fieldMessage);
      toast.error(`Erreur lors de l'ajout de la note: ${message}`);
      return;
    }
    setNote("");
    setError(undefined);
    toast.success(loanMessages.noteAdded);
  }

  return (
    <form noValidate onSubmit={single(submit)} className="space-y-4" {...noteSchema.preloadProps}>
      <TextareaField
        label="Votre note"
        hint="Une précision ou une question pour votre conseiller."
        rows={4}
        required
        name="note"
        ref={field}
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={addNote.isPending} loadingText="Envoi…">
          Ajouter la note
        </Button>
      </div>
    </form>
  );
}
