import { ArrowLeft, ArrowRight } from "lucide-react";
import {
  type FormEvent,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import { loanMessages } from "../../../../domain/api/loans";
import type { UploadJson } from "../../../../domain/api/uploads";
import {
  type LoanDocumentCategory,
  loanDocumentCategories,
} from "../../../../domain/document-category";
import { fileMessages } from "../../../../domain/file-type";
import { officeForCountry } from "../../../../domain/firm";
import { loanDocumentMessages } from "../../../../domain/schemas/loan-request";
import type {
  LoanRequestCreateInput,
  LoanStep1Values,
} from "../../../../domain/schemas/loan-request.schema";
import { Button } from "../../../components/button";
import { Card, CardBody } from "../../../components/card";
import { SectionSpinner } from "../../../components/section-spinner";
import { toast } from "../../../components/toast";
import { networkErrorMessage } from "../../../lib/api-client";
import { type FieldErrors, useFieldsForm } from "../../../lib/fields-form";
import { firstIssueByField, lazySchema } from "../../../lib/lazy-zod";
import { useHydrated } from "../../../lib/use-hydrated";
import { paths } from "../../../paths";
import { useCreateLoan } from "../api/create-loan";
import { fetchUpload } from "../api/get-upload";
import type { FileDropFieldHandle } from "../components/file-drop-field";
import { isBusy, useUpload } from "../upload/use-upload";
import { LoanDocumentsStep, type LoanUploads, preloadDocumentsStep } from "./loan-documents-step";
import {
  clearDraft,
  type LoanDraft,
  loadDraft,
  newDraft,
  newSubmissionKey,
  saveDraft,
  sessionDraftStorage,
  type WizardStep,
} from "./loan-draft";
import {
  emptyLoanFormValues,
  type LoanFormValues,
  loanFormFields,
  toStep1Input,
} from "./loan-form-values";
import { LoanInfoStep } from "./loan-info-step";
import { StepIndicator, stepHeading } from "./step-indicator";

const step1Schema = lazySchema(() =>
  import("../../../../domain/schemas/loan-request.schema").then((m) => m.loanStep1Schema),
);

// Step 2's file slots (their previews and icons, 3.3 KiB gzipped) are of no use until step 1 is
// done: they load once the client starts filling step 1, or at once when a draft reopens on
// step 2 (loan-documents-step.tsx). The uploads themselves (useUpload) stay here, so that
// 'Précédent' does not stop them.
function preloadSteps() {
  step1Schema.preload();
  preloadDocumentsStep();
}
/** Spread on step 1's <form>: its first focus, input or tap loads its check and step 2. */
const step1PreloadProps = {
  onFocus: preloadSteps,
  onInput: preloadSteps,
  onPointerDown: preloadSteps,
};

function isStep1Field(field: string): field is (typeof loanFormFields)[number] {
  return (loanFormFields as readonly string[]).includes(field);
}

function isDocumentField(field: string): LoanDocumentCategory | null {
  const category = field.replace(/^documents\./, "");
  return field.startsWith("documents.") &&
    (loanDocumentCategories as readonly string[]).includes(category)
    ? (category as LoanDocumentCategory)
    : null;
}

/**
 * The two-step loan request (spec: "Loan wizard"). Step 1's answers, the current step, the
 * finished uploads and the submission key are kept in a draft in the session storage, per user,
 * so that a reload (or a phone that drops the tab while the camera is open) loses nothing.
 */
export function LoanWizard({ userId, country }: { userId: string; country: string | null }) {
  const hydrating = !useHydrated();
  const storage = useRef(sessionDraftStorage()).current;
  // The draft an earlier visit of this tab left, read before this page's form can save anything
  // (the server, without a session storage, reads none). The page is drawn by the server
  // (src/web/areas/render-page.tsx): while it is hydrated the wizard is the new one it drew, and
  // only an earlier draft then takes its place. Without one the drawn form stays as it is, with
  // its elements and the focus: a field being typed in as the app starts keeps what is typed.
  const [earlier] = useState(() => loadDraft(storage, userId));
  const [stored, setStored] = useState<LoanDraft | null>(() => (hydrating ? null : earlier));
  // What was typed on the drawn form before the app started: newer than the draft, so kept.
  const typedFirst = useRef<Partial<LoanFormValues>>({});
  useLayoutEffect(() => {
    if (!hydrating || !earlier) return;
    setStored({ ...earlier, values: { ...earlier.values, ...typedFirst.current } });
  }, [hydrating, earlier]);
  const [fresh] = useState(newDraft);
  const replaced = stored === null && earlier !== null;
  return (
    <LoanWizardSteps
      key={stored ? "draft" : "new"}
      userId={userId}
      country={country}
      draft={stored ?? fresh}
      handOver={
        replaced
          ? (typed) => {
              typedFirst.current = typed;
            }
          : undefined
      }
    />
  );
}

/** The fields whose value is no longer the one the form started with. */
function changedFields(values: LoanFormValues, initial: LoanFormValues): Partial<LoanFormValues> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([name, value]) => value !== initial[name as keyof typeof initial],
    ),
  );
}

function LoanWizardSteps({
  userId,
  country,
  draft,
  handOver,
}: {
  userId: string;
  country: string | null;
  draft: LoanDraft;
  /**
   * Given to the drawn form that an earlier draft is about to replace: it must not save over
   * that draft, and hands over the fields typed in it instead.
   */
  handOver?: (typed: Partial<LoanFormValues>) => void;
}) {
  const navigate = useNavigate();
  const storage = useRef(sessionDraftStorage()).current;
  const [step, setStep] = useState<WizardStep>(draft.step);
  const submissionKey = useRef(draft.submissionKey);
  const submitted = useRef(false);
  const stepChanged = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const busyHintId = useId();
  const [documentErrors, setDocumentErrors] = useState<
    Partial<Record<LoanDocumentCategory, string>>
  >({});
  const createLoan = useCreateLoan();
  const submitting = useRef(false);
  const [isSubmitting, setIsSubmitting] = useState(false);

  // The draft: saved on every change, never again once the request is sent.
  const persist = useRef(() => {});
  // The fields in the form's order (the focus goes to the first with a message); the office
  // serving the profile's country, until the client picks another (kept in the draft).
  const [initialValues] = useState<LoanFormValues>(() => ({
    ...emptyLoanFormValues,
    ...draft.values,
    office: draft.values.office || officeForCountry(country),
  }));
  const form = useFieldsForm<LoanFormValues, LoanStep1Values>({
    schema: step1Schema,
    initialValues,
    // Numbers typed with spaces, an empty income as absent.
    toInput: toStep1Input,
    onChange: () => persist.current(),
  });
  const { getValues } = form;

  const announceUploaded = useCallback((upload: UploadJson) => {
    toast.success(`${upload.fileName} téléchargé avec succès`);
  }, []);
  const uploads: LoanUploads = {
    identite: useUpload({ initial: draft.uploads.identite, onUploaded: announceUploaded }),
    revenu: useUpload({ initial: draft.uploads.revenu, onUploaded: announceUploaded }),
    banque: useUpload({ initial: draft.uploads.banque, onUploaded: announceUploaded }),
  };
  const handles = {
    identite: useRef<FileDropFieldHandle>(null),
    revenu: useRef<FileDropFieldHandle>(null),
    banque: useRef<FileDropFieldHandle>(null),
  };
  const finished = (category: LoanDocumentCategory) => {
    const { state } = uploads[category];
    return state.status === "done" ? state.upload : undefined;
  };
  const finishedUploads = {
    identite: finished("identite"),
    revenu: finished("revenu"),
    banque: finished("banque"),
  };
  const anyBusy = loanDocumentCategories.some((category) => isBusy(uploads[category].state));

  persist.current = () => {
    if (submitted.current) return;
    if (handOver) return handOver(changedFields(getValues(), initialValues));
    saveDraft(storage, userId, {
      version: 1,
      step,
      values: getValues(),
      uploads: finishedUploads,
      submissionKey: submissionKey.current,
    });
  };
  const finishedKey = loanDocumentCategories.map((c) => finishedUploads[c]?.id ?? "").join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: saves when the step or an upload changes
  useEffect(() => persist.current(), [step, finishedKey]);

  // After a reload: the uploads the draft remembers may have been swept meanwhile.
  const restoredUploads = useRef(draft.uploads);
  const restoreControllers = useRef(uploads);
  useEffect(() => {
    const controller = new AbortController();
    for (const category of loanDocumentCategories) {
      const saved = restoredUploads.current[category];
      if (!saved) continue;
      void fetchUpload(saved.id, controller.signal).then(({ error }) => {
        if (error?.status !== 404) return;
        const slot = restoreControllers.current[category];
        if (slot.state.status === "done" && slot.state.upload.id === saved.id) {
          slot.fail(fileMessages.uploadNotFound);
        }
      });
    }
    return () => controller.abort();
  }, []);
  restoreControllers.current = uploads;

  // A file being sent would be lost by leaving the page: ask first.
  useEffect(() => {
    if (!anyBusy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [anyBusy]);

  // Focus follows the step (not on the first render: the page's own heading comes first), or
  // goes to the first field with a message when the step comes back with some.
  const errorsOnArrival = useRef<FieldErrors<LoanFormValues> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (!stepChanged.current) return;
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
    const errors = errorsOnArrival.current;
    errorsOnArrival.current = null;
    // The fields are on screen now (refs are set before effects run).
    if (errors) form.showErrors(errors);
  }, [step]);

  function goTo(next: WizardStep) {
    stepChanged.current = true;
    setStep(next);
  }

  /** Back to step 1 with these messages, the focus on the first field that has one. */
  function backToStep1(errors: FieldErrors<LoanFormValues>) {
    errorsOnArrival.current = errors;
    goTo(1);
  }

  const onNext = form.handleSubmit(() => goTo(2));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current || anyBusy) return;

    const missing = loanDocumentCategories.filter((category) => !finishedUploads[category]);
    if (missing.length > 0) {
      setDocumentErrors(
        Object.fromEntries(missing.map((category) => [category, loanDocumentMessages[category]])),
      );
      const first = missing[0];
      if (first) handles[first].current?.focus();
      return;
    }
    setDocumentErrors({});
    const { identite, revenu, banque } = finishedUploads;
    if (!identite || !revenu || !banque) return;

    submitting.current = true;
    setIsSubmitting(true);
    // Loaded by step 1's check, or (a draft reopened on step 2) since the first tap on this step.
    const parsed = await step1Schema().then(
      (schema) => schema.safeParse(toStep1Input(getValues())),
      () => null,
    );
    if (!parsed?.success) {
      submitting.current = false;
      setIsSubmitting(false);
      if (!parsed) {
        toast.error(`Erreur lors de la soumission: ${networkErrorMessage}`);
        return;
      }
      // Only a draft edited by hand gets here (step 1 was validated): show step 1's messages.
      backToStep1(firstIssueByField(parsed.error.issues) as FieldErrors<LoanFormValues>);
      return;
    }
    const body: LoanRequestCreateInput = {
      ...parsed.data,
      documents: { identite: identite.id, revenu: revenu.id, banque: banque.id },
      submissionKey: submissionKey.current,
    };
    const { data, error } = await createLoan.mutateAsync(body);
    submitting.current = false;
    setIsSubmitting(false);

    if (data) {
      submitted.current = true;
      clearDraft(storage, userId);
      toast.success(loanMessages.created);
      navigate(paths.client.loan(data.loan.id));
      return;
    }
    toast.error(`Erreur lors de la soumission: ${error.message}`);
    const fields = error.fields ?? {};
    const step1Errors: FieldErrors<LoanFormValues> = {};
    for (const [field, message] of Object.entries(fields)) {
      if (isStep1Field(field)) {
        step1Errors[field] = message;
        continue;
      }
      const category = isDocumentField(field);
      if (category) uploads[category].fail(message);
      if (field === "submissionKey") submissionKey.current = newSubmissionKey();
    }
    if (Object.keys(step1Errors).length > 0) backToStep1(step1Errors);
  }

  return (
    <>
      <StepIndicator step={step} />
      <Card aria-labelledby={headingId}>
        <div className="border-b border-slate-100 px-5 py-4">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {stepHeading(step)}
          </h2>
        </div>
        <CardBody>
          {step === 1 ? (
            <form noValidate onSubmit={onNext} className="grid gap-6" {...step1PreloadProps}>
              <LoanInfoStep form={form} />
              <div className="flex justify-end">
                <Button type="submit" size="lg" className="w-full sm:w-auto">
                  Suivant
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </form>
          ) : (
            <form
              noValidate
              onSubmit={onSubmit}
              className="grid gap-6"
              {...step1Schema.preloadProps}
            >
              <Suspense fallback={<SectionSpinner label="Chargement des documents à joindre…" />}>
                <LoanDocumentsStep
                  uploads={uploads}
                  errors={documentErrors}
                  handles={handles}
                  disabled={isSubmitting}
                />
              </Suspense>
              <div className="grid gap-3 border-t border-slate-100 pt-5">
                {anyBusy ? (
                  <p id={busyHintId} className="text-sm text-slate-700 sm:text-right">
                    Veuillez patienter jusqu'à la fin du téléchargement des fichiers.
                  </p>
                ) : null}
                {/* Stacked on a phone in the order of the keyboard: back, then send. */}
                <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
                  <Button
                    variant="outline"
                    size="lg"
                    onClick={() => goTo(1)}
                    disabled={isSubmitting}
                  >
                    <ArrowLeft aria-hidden="true" className="size-4" />
                    Précédent
                  </Button>
                  <Button
                    type="submit"
                    size="lg"
                    disabled={anyBusy}
                    loading={isSubmitting}
                    loadingText="Envoi de la demande…"
                    aria-describedby={anyBusy ? busyHintId : undefined}
                  >
                    Soumettre la demande
                  </Button>
                </div>
              </div>
            </form>
          )}
        </CardBody>
      </Card>
    </>
  );
}
