import { useEffect, useState } from "react";
import { twoFactorMessages } from "../../../../domain/api/two-factor";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Checkbox } from "../../../components/checkbox";
import { TextField } from "../../../components/text-field";
import { toast } from "../../../components/toast";
import type { User } from "../../../lib/auth/user";
import { useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";
import { verifySignInCode } from "../api/sign-in";

const schemas = () => import("../../../../domain/api/two-factor.schema");
const codeSchema = lazySchema(() => schemas().then((m) => m.twoFactorCodeSignInSchema));
const backupSchema = lazySchema(() => schemas().then((m) => m.twoFactorBackupSignInSchema));

type Mode = "code" | "backup";
type CodeValues = { code: string; trustDevice: boolean };
type BackupValues = { backupCode: string; trustDevice: boolean };

const linkButtonClasses =
  "min-h-11 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline";

/**
 * The sign-in's second step (issue 17): the 6-digit code of the authenticator app, or one of
 * the backup codes, and 'Se souvenir de cet appareil pendant 30 jours'. A wrong code is said
 * under the field; the account's lock (too many wrong codes) above the form; an expired step
 * sends the user back to the password (`onRestart`).
 */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: User) => void;
  onRestart: (message?: string) => void;
}) {
  const [mode, setMode] = useState<Mode>("code");
  const [formError, setFormError] = useState<string | null>(null);

  const switchTo = (next: Mode) => {
    setFormError(null);
    setMode(next);
  };

  const answer = async (body: CodeValues | BackupValues, field: "code" | "backupCode") => {
    setFormError(null);
    const { data, error } = await verifySignInCode(body);
    if (!error) {
      toast.success("Connexion réussie !");
      onSignedIn(data.user);
      return null;
    }
    if (error.code === "two_factor_expired") {
      onRestart(error.message);
      return null;
    }
    const fieldMessage = error.fields?.[field];
    if (fieldMessage) {
      toast.error(fieldMessage);
      return fieldMessage;
    }
    setFormError(error.message);
    toast.error(error.message);
    return null;
  };

  return (
    <div className="space-y-5">
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <StepForm key={mode} mode={mode} onAnswer={(values) => answer(values, modes[mode].field)} />
      <div className="flex flex-col items-start gap-1">
        <button
          type="button"
          className={linkButtonClasses}
          onClick={() => switchTo(mode === "code" ? "backup" : "code")}
        >
          {mode === "code" ? "Utiliser un code de secours" : "Utiliser le code de l'application"}
        </button>
        <button type="button" className={linkButtonClasses} onClick={() => onRestart()}>
          Revenir à la connexion
        </button>
      </div>
    </div>
  );
}

type StepBody = CodeValues | BackupValues;

/** What differs between the two ways of giving the second factor. */
const modes = {
  code: {
    field: "code",
    schema: codeSchema,
    label: "Code à 6 chiffres",
    hint: "Le code affiché par votre application d'authentification.",
    input: { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 7 },
  },
  backup: {
    field: "backupCode",
    schema: backupSchema,
    label: "Code de secours",
    hint: "Un des 10 codes conservés lors de l'activation ; chacun ne sert qu'une fois.",
    input: { autoComplete: "off", autoCapitalize: "none", spellCheck: false, maxLength: 20 },
  },
} as const;

function StepForm({
  mode,
  onAnswer,
}: {
  mode: Mode;
  /** Sends the values; a message to show under the field, or null. */
  onAnswer: (values: StepBody) => Promise<string | null>;
}) {
  const { field: name, schema, label, hint, input } = modes[mode];
  const form = useFieldsForm<Record<string, string | boolean>, StepBody>({
    // Each mode's schema reads its own field and gives its own body.
    initialValues: { [name]: "", trustDevice: false },
    schema,
  });
  // The field takes the focus when the step appears and when the user switches modes (the form
  // is keyed by its mode: each switch mounts it again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form appears
  useEffect(() => {
    form.focus(name);
  }, []);
  const onSubmit = async (values: StepBody) => {
    const message = await onAnswer(values);
    if (message) form.showErrors({ [name]: message });
  };
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className="space-y-5"
      {...form.formProps}
    >
      <TextField label={label} hint={hint} required {...input} {...form.text(name)} />
      <Checkbox label={twoFactorMessages.rememberDevice} {...form.checkbox("trustDevice")} />
      <Button
        type="submit"
        fullWidth
        size="lg"
        loading={form.isSubmitting}
        loadingText="Vérification…"
      >
        Vérifier
      </Button>
    </form>
  );
}
