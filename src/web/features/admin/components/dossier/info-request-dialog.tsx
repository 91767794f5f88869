import { type ReactElement, useId, useState } from "react";
import type { AdminLoanJson } from "../../../../../domain/api/admin-loans";
import {
  dossierMessages,
  maxQuestionLength,
  maxReviewCommentLength,
} from "../../../../../domain/api/dossier";
import type { InfoRequestInput } from "../../../../../domain/api/dossier.schema";
import {
  type DocumentCategory,
  documentCategoryLabels,
  requestableCategories,
} from "../../../../../domain/document-category";
import { verdictText } from "../../../../../domain/document-review";
import { Checkbox } from "../../../../components/checkbox";
import { FormDialog } from "../../../../components/form-dialog";
import { TextareaField } from "../../../../components/textarea-field";
import { lazySchema } from "../../../../lib/lazy-zod";
import { useRequestInformation } from "../../api/request-information";

const requestSchema = lazySchema(() =>
  import("../../../../../domain/api/dossier.schema").then((m) => m.infoRequestSchema),
);

type InfoRequestDialogProps = {
  loan: AdminLoanJson;
  /** The button that opens it; focus returns to it when the dialog closes. */
  trigger: ReactElement;
  onSuccess: (loan: AdminLoanJson) => void;
  /** The server refused (409, network...): the page shows it; the dialog has closed. */
  onFailure: (error: unknown) => void;
};

/** The documents an officer may ask again: current, marked 'À remplacer'. */
export function documentsToReplace(loan: Pick<AdminLoanJson, "documents">) {
  return loan.documents.filter(
    (document) => document.replacedAt === null && document.review?.verdict === "a_remplacer",
  );
}

/**
 * 'Demander un complément': what the client must send (the documents marked 'À remplacer',
 * documents to add) and a free question. The request moves to 'Complément demandé' and the
 * client is e-mailed the list.
 */
export function InfoRequestDialog({ loan, trigger, onSuccess, onFailure }: InfoRequestDialogProps) {
  const [replace, setReplace] = useState<string[]>([]);
  const [add, setAdd] = useState<Partial<Record<DocumentCategory, string>>>({});
  const [question, setQuestion] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useRequestInformation();
  const replaceLegendId = useId();
  const addLegendId = useId();
  const marked = documentsToReplace(loan);
  // The categories ticked, in the list's order: the order of `add` sent, and of its field errors.
  const chosen = requestableCategories.filter((category) => add[category] !== undefined);

  function toggleReplace(id: string, checked: boolean) {
    setReplace((ids) => (checked ? [...ids, id] : ids.filter((other) => other !== id)));
    setErrors({});
  }

  function toggleAdd(category: DocumentCategory, checked: boolean) {
    setAdd(({ [category]: _, ...rest }) => (checked ? { ...rest, [category]: "" } : rest));
    setErrors({});
  }

  async function send() {
    const input: InfoRequestInput = {
      from: loan.status,
      replace,
      add: chosen.map((category) => ({ category, comment: add[category] })),
      question,
    };
    const parsed = await requestSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        next[issue.path.map(String).join(".") || "form"] ??= issue.message;
      }
      setErrors(next);
      return false;
    }
    onSuccess(await mutation.mutateAsync({ id: loan.id, input }));
    return true;
  }

  // The 'nothing asked' message sits on the question in the schema; it concerns the whole form.
  const nothingAsked = errors.question === dossierMessages.nothingAsked;
  const formError =
    (nothingAsked ? errors.question : undefined) ?? errors.replace ?? errors.from ?? errors.form;
  const errorId = useId();

  return (
    <FormDialog
      trigger={trigger}
      size="xl"
      title="Demander un complément"
      description="Le client recevra la liste par e-mail et la retrouvera sur sa demande. La demande passera à « Complément demandé »."
      submitLabel="Envoyer la demande"
      mutation={mutation}
      onOpen={() => {
        requestSchema.preload();
        // Every document marked 'À remplacer' is asked by default: that is why it was marked.
        setReplace(documentsToReplace(loan).map((document) => document.id));
        setAdd({});
        setQuestion("");
        setErrors({});
      }}
      send={send}
      onRefused={(refusal) => setErrors(refusal.fields ?? { form: refusal.message })}
      onFailure={onFailure}
      className="space-y-6"
      describedBy={formError ? errorId : undefined}
    >
      <fieldset aria-labelledby={replaceLegendId} className="space-y-3">
        <legend id={replaceLegendId} className="text-base font-semibold text-slate-900">
          Documents à remplacer
        </legend>
        {marked.length === 0 ? (
          <p className="text-sm text-slate-600">
            Aucun document n'est marqué « À remplacer ». Donnez d'abord un avis sur les documents à
            faire remplacer, depuis la liste des documents.
          </p>
        ) : (
          marked.map((document) => (
            <Checkbox
              key={document.id}
              checked={replace.includes(document.id)}
              onChange={(event) => toggleReplace(document.id, event.target.checked)}
              label={
                <>
                  <bdi className="font-medium [overflow-wrap:anywhere]">{document.fileName}</bdi> (
                  {documentCategoryLabels[document.category]})
                </>
              }
              hint={
                document.review
                  ? [
                      verdictText(document.review.verdict, document.review.reason),
                      document.review.comment,
                    ]
                      .filter(Boolean)
                      .join(" : ")
                  : undefined
              }
            />
          ))
        )}
      </fieldset>

      <fieldset aria-labelledby={addLegendId} className="space-y-3">
        <legend id={addLegendId} className="text-base font-semibold text-slate-900">
          Documents à ajouter
        </legend>
        {requestableCategories.map((category) => {
          const checked = add[category] !== undefined;
          return (
            <div key={category} className="space-y-2">
              <Checkbox
                checked={checked}
                onChange={(event) => toggleAdd(category, event.target.checked)}
                label={documentCategoryLabels[category]}
              />
              {checked ? (
                <TextareaField
                  className="pl-8"
                  label={`Précision pour « ${documentCategoryLabels[category]} » (facultatif)`}
                  rows={2}
                  value={add[category] ?? ""}
                  maxLength={maxReviewCommentLength}
                  onChange={(event) =>
                    setAdd((value) => ({ ...value, [category]: event.target.value }))
                  }
                  error={errors[`add.${chosen.indexOf(category)}.comment`]}
                />
              ) : null}
            </div>
          );
        })}
      </fieldset>

      <TextareaField
        label="Question au client (facultatif)"
        rows={3}
        value={question}
        maxLength={maxQuestionLength}
        onChange={(event) => {
          setQuestion(event.target.value);
          setErrors({});
        }}
        error={nothingAsked ? undefined : errors.question}
        hint="Le client y répondra en envoyant ses compléments."
      />

      {formError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {formError}
        </p>
      ) : null}
    </FormDialog>
  );
}
