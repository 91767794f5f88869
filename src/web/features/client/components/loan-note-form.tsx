import { loanMessages } from "../../../../domain/api/loans";
import { Button } from "../../../components/button";
import { TextareaField } from "../../../components/textarea-field";
import { toast } from "../../../components/toast";
import { ApiRequestError } from "../../../lib/api-client";
import { useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";
import { useAddLoanNote } from "../api/add-loan-note";

const noteSchema = lazySchema(() =>
  import("../../../../domain/schemas/loan-request.schema").then((m) => m.loanNoteSchema),
);

/** A note from the client to the officers; it joins the request's history. */
export function LoanNoteForm({ loanId }: { loanId: number }) {
  const addNote = useAddLoanNote(loanId);
  const form = useFieldsForm({ initialValues: { note: "" }, schema: noteSchema });

  const send = async (values: { note: string }) => {
    try {
      await addNote.mutateAsync(values);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const fieldMessage = error instanceof ApiRequestError ? error.fields?.note : undefined;
      if (fieldMessage) form.showErrors({ note: fieldMessage });
      toast.error(`Erreur lors de l'ajout de la note: ${message}`);
      return;
    }
    form.reset({ note: "" });
    toast.success(loanMessages.noteAdded);
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(send)} className="space-y-4" {...form.formProps}>
      <TextareaField
        label="Votre note"
        hint="Une précision ou une question pour votre conseiller."
        rows={4}
        required
        {...form.text("note")}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={form.isSubmitting} loadingText="Envoi…">
          Ajouter la note
        </Button>
      </div>
    </form>
  );
}
