import { Send } from "lucide-react";
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { InfoRequestJson } from "../../../../domain/api/dossier";
import { dossierMessages, maxAnswerLength } from "../../../../domain/api/dossier";
import { formatDate } from "../../../../domain/format-date";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { TextareaField } from "../../../components/textarea-field";
import { preloadToaster, toast } from "../../../components/toast";
import { typedBeforeStart } from "../../../lib/typed-before-start";
import { useHydrated } from "../../../lib/use-hydrated";
import { useSubmitComplement } from "../api/complement";
import {
  answerDraftKey,
  clearAnswerDraft,
  loadAnswerDraft,
  saveAnswerDraft,
  sessionAnswerStorage,
} from "./complement-draft";
import { ComplementItem } from "./complement-item";
import { complementProgressText, missingComplements } from "./complement-progress";

type ComplementPanelProps = {
  loanId: number;
  userId: string;
  request: InfoRequestJson;
  /** Reloads the request (the server said it changed meanwhile). */
  onStale: () => void;
};

/** Moves keyboard focus to the status banner, which now says where the request stands. */
function focusStatusBanner() {
  setTimeout(() => {
    const heading = document.getElementById("loan-status-title");
    heading?.setAttribute("tabindex", "-1");
    heading?.focus();
  }, 0);
}

/**
 * The request for more information as the client answers it (/client/prets/:id, under the status
 * banner): each thing asked with its own file slot, the officer's question with a field for the
 * answer (kept as a draft across reloads), and 'Envoyer les compléments', enabled once everything
 * asked is there.
 */
export function ComplementPanel({ loanId, userId, request, onStale }: ComplementPanelProps) {
  const submit = useSubmitComplement(loanId);
  const storage = useMemo(() => sessionAnswerStorage(), []);
  const draftKey = answerDraftKey(userId, request.id);
  // Drawn by the server without this tab's storage: while hydrated the answer is the server's
  // (empty), then what was typed before the app started (newer than any draft), or else the
  // draft this tab kept.
  const hydrating = !useHydrated();
  const answerField = useRef<HTMLTextAreaElement>(null);
  const [answer, setAnswer] = useState(() => (hydrating ? "" : loadAnswerDraft(storage, draftKey)));
  useLayoutEffect(() => {
    if (!hydrating) return;
    const typed = typedBeforeStart(answerField.current);
    if (typeof typed !== "string") return setAnswer(loadAnswerDraft(storage, draftKey));
    setAnswer(typed);
    saveAnswerDraft(storage, draftKey, typed);
  }, [hydrating, storage, draftKey]);
  const [answerError, setAnswerError] = useState<string>();
  const [busyItems, setBusyItems] = useState<ReadonlySet<number>>(new Set());
  const headingId = useId();
  const progressId = useId();

  useEffect(() => preloadToaster(), []);

  const onBusyChange = useCallback((itemId: number, busy: boolean) => {
    setBusyItems((current) => {
      if (current.has(itemId) === busy) return current;
      const next = new Set(current);
      if (busy) next.add(itemId);
      else next.delete(itemId);
      return next;
    });
  }, []);

  function onAnswerChange(value: string) {
    setAnswer(value);
    setAnswerError(undefined);
    saveAnswerDraft(storage, draftKey, value);
  }

  const missing = missingComplements(request, answer);
  const ready = missing.length === 0 && busyItems.size === 0;

  async function send() {
    if (!ready || submit.isPending) return;
    const { error } = await submit.mutateAsync({
      answer: request.question === null ? null : answer,
    });
    if (error) {
      toast.error(error.message);
      if (error.fields?.answer) setAnswerError(error.fields.answer);
      if (error.status === 404 || error.status === 409) onStale();
      return;
    }
    clearAnswerDraft(storage, draftKey);
    toast.success(dossierMessages.complementSent);
    // The panel leaves the page with the request back in review: the banner tells it.
    focusStatusBanner();
  }

  const by = request.requestedBy
    ? `${request.requestedBy.firstName} ${request.requestedBy.lastName}`.trim()
    : null;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Compléments demandés"
        description={`Demandés le ${formatDate(request.createdAt)}${by ? ` par ${by}` : ""}. Envoyez chaque élément ci-dessous, puis cliquez sur « Envoyer les compléments ».`}
      />
      <CardBody className="space-y-5">
        {request.items.length > 0 ? (
          <ul className="space-y-4">
            {request.items.map((item) => (
              <ComplementItem
                key={item.id}
                loanId={loanId}
                item={item}
                onBusyChange={onBusyChange}
                onStale={onStale}
              />
            ))}
          </ul>
        ) : null}

        {request.question !== null ? (
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <h3 className="font-semibold text-slate-900">Question de votre conseiller</h3>
            <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-800">
              {request.question}
            </p>
            <TextareaField
              label="Votre réponse"
              required
              className="mt-3"
              rows={4}
              maxLength={maxAnswerLength}
              ref={answerField}
              value={answer}
              error={answerError}
              disabled={submit.isPending}
              onChange={(event) => onAnswerChange(event.target.value)}
            />
          </div>
        ) : null}

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p id={progressId} className="text-sm text-slate-700" aria-live="polite">
            {busyItems.size > 0 ? "Envoi du fichier en cours…" : complementProgressText(missing)}
          </p>
          <Button
            className="w-full shrink-0 sm:w-auto"
            disabled={!ready}
            aria-describedby={progressId}
            loading={submit.isPending}
            loadingText="Envoi…"
            onClick={() => void send()}
          >
            <Send aria-hidden="true" className="size-4" />
            Envoyer les compléments
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
