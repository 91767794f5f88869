import { PenLine, Send } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  servicingMessages,
  signatureCodeLength,
  signatureCodeMinutes,
} from "../../../../domain/api/servicing";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/text-field";
import { preloadToaster, toast } from "../../../components/toast";
import { useHydrated } from "../../../lib/use-hydrated";
import { useRequestSignatureCode, useSignContract } from "../api/contract-signature";
import { type SignatureState, signatureCode, timeOfDay } from "./signature-state";

type ContractSignatureFormProps = {
  loanId: number;
  /** The contract's state as the page last read it: open (a code may be waiting) or locked. */
  state: Extract<SignatureState, { kind: "open" | "locked" }>;
  /** Called once signed, after the page has read the request again. */
  onSigned: () => void;
};

/**
 * The signature with a one-time code: 'Recevoir un code de signature', the six digits, then
 * 'Signer le contrat'. The server's French refusals (wrong, expired, no code, locked) sit under
 * the field they are about; a wrong code is selected again so that it can be typed over.
 */
export function ContractSignatureForm({ loanId, state, onSigned }: ContractSignatureFormProps) {
  const sendCode = useRequestSignatureCode(loanId);
  const sign = useSignContract(loanId);
  const hydrated = useHydrated();
  const codeField = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  // What the server said when it sent the code (SMS or e-mail): the client needs to know where.
  const [sentMessage, setSentMessage] = useState<string>();
  const sentId = useId();
  const explainId = useId();

  useEffect(() => preloadToaster(), []);

  const locked = state.kind === "locked";
  // A lock read with the page is said under the field, like the refusal that caused it.
  const fieldError = error ?? (locked ? state.message : undefined);
  const waitingCode =
    state.kind === "open" && state.codeValidUntil
      ? `Un code vous a été envoyé : il est valable jusqu'à ${timeOfDay(state.codeValidUntil)}.`
      : undefined;

  async function askForCode() {
    if (sendCode.isPending) return;
    setError(undefined);
    const result = await sendCode.mutateAsync();
    if (result.error) {
      setSentMessage(undefined);
      setError(result.error.message);
      return;
    }
    setSentMessage(result.data.message);
    // The code arrives on the phone: the field is where the client goes next.
    codeField.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sign.isPending || locked) return;
    const typed = signatureCode(code);
    if (typed === null) {
      setError(servicingMessages.codeMissing);
      codeField.current?.focus();
      return;
    }
    setError(undefined);
    const result = await sign.mutateAsync(typed);
    if (result.error) {
      setError(result.error.fields?.code ?? result.error.message);
      codeField.current?.select();
      return;
    }
    setCode("");
    setSentMessage(undefined);
    toast.success(result.data.message || servicingMessages.signed);
    onSigned();
  }

  return (
    <div className="space-y-4 rounded-lg border border-brand-200 bg-brand-50/40 p-4">
      <p id={explainId} className="text-sm text-slate-800">
        En signant, vous acceptez le contrat ci-dessus, tel que vous pouvez le lire dans le PDF.
        Recevez un code à {signatureCodeLength} chiffres (valable {signatureCodeMinutes} minutes),
        puis saisissez-le pour signer.
      </p>
      <div>
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          disabled={!hydrated || locked}
          loading={sendCode.isPending}
          loadingText="Envoi du code…"
          aria-describedby={sentMessage || waitingCode ? sentId : undefined}
          onClick={() => void askForCode()}
        >
          <Send aria-hidden="true" className="size-4" />
          Recevoir un code de signature
        </Button>
        <p id={sentId} role="status" className="mt-2 text-sm text-slate-700">
          {sentMessage ?? waitingCode ?? ""}
        </p>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
        <TextField
          ref={codeField}
          label="Code de signature"
          hint={`Les ${signatureCodeLength} chiffres reçus par SMS ou par e-mail.`}
          required
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={signatureCodeLength}
          className="max-w-48"
          value={code}
          error={fieldError}
          disabled={locked}
          onChange={(event) => {
            setCode(event.target.value);
            if (error) setError(undefined);
          }}
        />
        <Button
          type="submit"
          className="w-full sm:w-auto"
          disabled={locked}
          aria-describedby={explainId}
          loading={sign.isPending}
          loadingText="Signature…"
        >
          <PenLine aria-hidden="true" className="size-4" />
          Signer le contrat
        </Button>
      </form>
    </div>
  );
}
