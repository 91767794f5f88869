import { useEffect, useRef, useState } from "react";
import { type TwoFactorEnrolmentJson, twoFactorMessages } from "../../../../domain/api/two-factor";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/text-field";
import { TextareaField } from "../../../components/textarea-field";
import { toast } from "../../../components/toast";
import type { User } from "../../../lib/auth/user";
import { useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";
import { confirmTwoFactor, startTwoFactor } from "../api/two-factor";
import { BackupCodes } from "./backup-codes";
import { FormActions, PasswordConfirmForm } from "./password-confirm-form";
import { groupKey } from "./two-factor-text";

const codeSchema = lazySchema(() =>
  import("../../../../domain/api/two-factor.schema").then((m) => m.twoFactorConfirmSchema),
);

type Step =
  | { name: "password" }
  | { name: "scan"; enrolment: TwoFactorEnrolmentJson }
  | { name: "codes"; backupCodes: string[]; user: User };

/** Moves the focus to a new step's heading, so a screen reader hears where the user is. */
function useStepHeading(step: Step["name"]) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new step
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [step]);
  return ref;
}

/**
 * The enrolment of an authenticator app (docs/decisions/2026-11-25-second-factor.md), for the
 * officers' forced page and the client's 'Mon profil': the password again, then the QR code
 * and the key as text with a first code to confirm, then the 10 backup codes, shown this once.
 * `onDone` gets the account (its factor on) once the user says the codes are kept.
 */
export function TwoFactorSetup({
  onDone,
  onEnabled,
  onCancel,
}: {
  onDone: (user: User) => void;
  /** The factor is on (the first code is confirmed), the backup codes still on screen. */
  onEnabled?: (user: User) => void;
  onCancel?: () => void;
}) {
  const [step, setStep] = useState<Step>({ name: "password" });
  const headingRef = useStepHeading(step.name);
  if (step.name === "password") {
    return (
      <PasswordStep
        headingRef={headingRef}
        onCancel={onCancel}
        onStarted={(enrolment) => setStep({ name: "scan", enrolment })}
      />
    );
  }
  if (step.name === "scan") {
    return (
      <ScanStep
        headingRef={headingRef}
        enrolment={step.enrolment}
        onCancel={onCancel}
        onConfirmed={(user) => {
          setStep({ name: "codes", backupCodes: step.enrolment.backupCodes, user });
          onEnabled?.(user);
        }}
      />
    );
  }
  return (
    <BackupCodes
      headingRef={headingRef}
      codes={step.backupCodes}
      onContinue={() => onDone(step.user)}
    />
  );
}

type HeadingRef = React.RefObject<HTMLHeadingElement | null>;

function StepHeading({ headingRef, children }: { headingRef: HeadingRef; children: string }) {
  return (
    <h2
      ref={headingRef}
      tabIndex={-1}
      className="text-lg font-semibold text-slate-900 focus:outline-none"
    >
      {children}
    </h2>
  );
}

function PasswordStep({
  headingRef,
  onStarted,
  onCancel,
}: {
  headingRef: HeadingRef;
  onStarted: (enrolment: TwoFactorEnrolmentJson) => void;
  onCancel?: () => void;
}) {
  return (
    <PasswordConfirmForm
      submitLabel="Continuer"
      loadingText="Préparation…"
      onCancel={onCancel}
      onConfirm={async (password) => {
        const { data, error } = await startTwoFactor(password);
        if (!error) onStarted(data);
        return error;
      }}
    >
      <StepHeading headingRef={headingRef}>1. Confirmez votre mot de passe</StepHeading>
      <p className="text-sm text-slate-600">
        Il vous faut une application d'authentification sur votre téléphone (Google Authenticator,
        Microsoft Authenticator, FreeOTP…).
      </p>
    </PasswordConfirmForm>
  );
}

function ScanStep({
  headingRef,
  enrolment,
  onConfirmed,
  onCancel,
}: {
  headingRef: HeadingRef;
  enrolment: TwoFactorEnrolmentJson;
  onConfirmed: (user: User) => void;
  onCancel?: () => void;
}) {
  const form = useFieldsForm({ initialValues: { code: "" }, schema: codeSchema });
  const qrCode = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrCodeSvg)}`;

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(enrolment.key);
      toast.success("Clé copiée");
    } catch {
      toast.error("La copie a échoué : sélectionnez la clé et copiez-la.");
    }
  };

  const onSubmit = async ({ code }: { code: string }) => {
    const { data, error } = await confirmTwoFactor(code);
    if (error) {
      form.showErrors({ code: error.fields?.code ?? error.message });
      if (!error.fields?.code) toast.error(error.message);
      return;
    }
    toast.success(twoFactorMessages.enabled);
    onConfirmed(data.user);
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className="space-y-5"
      {...form.formProps}
    >
      <StepHeading headingRef={headingRef}>2. Ajoutez le compte dans votre application</StepHeading>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <img
          src={qrCode}
          alt="QR code à scanner avec votre application d'authentification"
          width={192}
          height={192}
          className="size-48 shrink-0 self-center rounded-lg border border-slate-200 bg-white p-2 sm:self-start"
        />
        <div className="min-w-0 flex-1 space-y-3 text-sm text-slate-700">
          <p>Scannez ce QR code avec l'application, ou saisissez-y la clé ci-dessous.</p>
          {/* A text area, so that the whole key shows on every width (it wraps by groups). */}
          <TextareaField
            label="Clé secrète"
            hint="À saisir dans l'application si vous ne pouvez pas scanner le QR code (les espaces ne comptent pas)."
            readOnly
            rows={2}
            value={groupKey(enrolment.key)}
            spellCheck={false}
            className="[&_textarea]:resize-none [&_textarea]:font-mono [&_textarea]:tracking-wider [&_textarea]:[field-sizing:content]"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" size="sm" onClick={() => void copyKey()}>
            Copier la clé
          </Button>
        </div>
      </div>
      <TextField
        label="Code à 6 chiffres"
        hint="Le code que l'application affiche pour ce compte."
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        required
        {...form.text("code")}
      />
      <FormActions
        onCancel={onCancel}
        submitLabel="Activer"
        loadingText="Vérification…"
        loading={form.isSubmitting}
      />
    </form>
  );
}
