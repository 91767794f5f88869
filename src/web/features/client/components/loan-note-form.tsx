import { useForm } from "react-hook-form";
import { loanMessages } from "../../../../domain/api/loans";
import type { LoanNoteValues } from "../../../../domain/schemas/loan-request.schema";
import { Button } from "../../../components/button";
import { TextareaField } from "../../../components/textarea-field";
import { toast } from "../../../components/toast";
import { ApiRequestError } from "../../../lib/api-client";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { useAddLoanNote } from "../api/add-loan-note";

const noteResolver = lazyZodResolver(() =>
  import("../../../../domain/schemas/loan-request.schema").then((m) => m.loanNoteSchema),
);

/** A note from the client to the officers; it joins the request's history. */
export function LoanNoteForm({ loanId }: { loanId: number }) {
  const addNote = useAddLoanNote(loanId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoanNoteValues>({
    resolver: noteResolver,
    defaultValues: { note: "" },
  });

  const onSubmit = async (values: LoanNoteValues) => {
    try {
      await addNote.mutateAsync(values);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const fieldMessage = error instanceof ApiRequestError ? error.fields?.note : undefined;
      if (fieldMessage) setError("note", { type: "server", message: fieldMessage });
      toast.error(`Erreur lors de l'ajout de la note: ${message}`);
      return;
    }
    reset({ note: "" });
    toast.success(loanMessages.noteAdded);
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="space-y-4"
      {...noteResolver.preloadProps}
    >
      <TextareaField
        label="Votre note"
        hint="Une précision ou une question pour votre conseiller."
        rows={4}
        required
        error={errors.note?.message}
        {...register("note")}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} loadingText="Envoi…">
          Ajouter la note
        </Button>
      </div>
    </form>
  );
}
