import { type ReactElement, useId, useState } from "react";
import type { AdminLoanJson } from "../../../../../domain/api/admin-loans";
import type { DocumentJson } from "../../../../../domain/api/documents";
import { dossierMessages, maxReviewCommentLength } from "../../../../../domain/api/dossier";
import type { DocumentReviewInput } from "../../../../../domain/api/dossier.schema";
import { documentCategoryLabels } from "../../../../../domain/document-category";
import {
  type DocumentVerdict,
  documentVerdictLabels,
  documentVerdicts,
  replacementReasonLabels,
  replacementReasons,
} from "../../../../../domain/document-review";
import { FormDialog } from "../../../../components/form-dialog";
import { SelectField } from "../../../../components/select-field";
import { TextareaField } from "../../../../components/textarea-field";
import { firstIssueByField, lazySchema } from "../../../../lib/lazy-zod";
import { useReviewDocument } from "../../api/review-document";

const reviewSchema = lazySchema(() =>
  import("../../../../../domain/api/dossier.schema").then((m) => m.documentReviewSchema),
);

type DocumentReviewDialogProps = {
  loanId: number;
  document: DocumentJson;
  /** The button that opens it; focus returns to it when the dialog closes. */
  trigger: ReactElement;
  onSuccess: (loan: AdminLoanJson) => void;
  /** The server refused (409, network...): the page shows it; the dialog has closed. */
  onFailure: (error: unknown) => void;
};

const reasonOptions = replacementReasons.map((reason) => ({
  value: reason,
  label: replacementReasonLabels[reason],
}));

/** Gives or changes the verdict on one document: 'Conforme', or 'À remplacer' with its reason. */
export function DocumentReviewDialog({
  loanId,
  document,
  trigger,
  onSuccess,
  onFailure,
}: DocumentReviewDialogProps) {
  const [verdict, setVerdict] = useState<DocumentVerdict | "">("");
  const [reason, setReason] = useState("");
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useReviewDocument();
  const legendId = useId();
  const verdictErrorId = useId();

  async function send() {
    if (verdict === "") {
      setErrors({ verdict: dossierMessages.verdictRequired });
      return false;
    }
    const parsed = await reviewSchema.safeParse(
      verdict === "a_remplacer" ? { verdict, reason, comment } : { verdict, comment },
    );
    if (!parsed.success) {
      setErrors(firstIssueByField(parsed.error.issues, "verdict"));
      return false;
    }
    const input: DocumentReviewInput = parsed.data;
    onSuccess(await mutation.mutateAsync({ loanId, documentId: document.id, input }));
    return true;
  }

  return (
    <FormDialog
      trigger={trigger}
      title="Avis sur le document"
      description={
        <>
          <bdi className="font-medium [overflow-wrap:anywhere] text-slate-900">
            {document.fileName}
          </bdi>{" "}
          ({documentCategoryLabels[document.category]})
        </>
      }
      submitLabel="Enregistrer l'avis"
      mutation={mutation}
      onOpen={() => {
        reviewSchema.preload();
        // The current verdict is the starting point: changing it is the usual reason to come back.
        setVerdict(document.review?.verdict ?? "");
        setReason(document.review?.reason ?? "");
        setComment(document.review?.comment ?? "");
        setErrors({});
      }}
      send={send}
      onRefused={(refusal) => setErrors(refusal.fields ?? { verdict: refusal.message })}
      onFailure={onFailure}
      className="space-y-4"
    >
      <fieldset
        aria-labelledby={legendId}
        aria-describedby={errors.verdict ? verdictErrorId : undefined}
      >
        <legend id={legendId} className="mb-2 text-sm font-medium text-slate-800">
          Avis
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {documentVerdicts.map((value) => (
            <label key={value} className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${legendId}-verdict`}
                value={value}
                checked={verdict === value}
                required
                aria-invalid={errors.verdict ? true : undefined}
                onChange={() => {
                  setVerdict(value);
                  setErrors({});
                }}
                className="size-5 accent-brand-700"
              />
              {documentVerdictLabels[value]}
            </label>
          ))}
        </div>
        {errors.verdict ? (
          <p id={verdictErrorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
            {errors.verdict}
          </p>
        ) : null}
      </fieldset>
      {verdict === "a_remplacer" ? (
        <SelectField
          label="Motif du remplacement"
          placeholder="Choisissez un motif"
          options={reasonOptions}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors(({ reason: _, ...rest }) => rest);
          }}
          error={errors.reason}
          hint="Le client le lira avec la demande de complément."
          required
        />
      ) : null}
      <TextareaField
        label="Commentaire (facultatif)"
        rows={3}
        value={comment}
        maxLength={maxReviewCommentLength}
        onChange={(event) => {
          setComment(event.target.value);
          setErrors(({ comment: _, ...rest }) => rest);
        }}
        error={errors.comment}
        hint={
          verdict === "a_remplacer"
            ? "Par exemple : la photo est floue, les quatre coins doivent être visibles."
            : undefined
        }
      />
    </FormDialog>
  );
}
