import type { ReactNode } from "react";
import { Button } from "../../../components/button";
import { PasswordField } from "../../../components/password-field";
import { toast } from "../../../components/toast";
import type { ApiError } from "../../../lib/api-client";
import { useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";

// Apart from the enrolment (two-factor-setup.tsx): turning the factor off asks for it too, and
// 'Mon profil' loads the enrolment only when the user starts it.

const passwordSchema = lazySchema(() =>
  import("../../../../domain/api/two-factor.schema").then((m) => m.twoFactorPasswordSchema),
);

/**
 * The password asked again before the factor changes (as a bank would): the enrolment's first
 * step, and the client's turning it off. A wrong password is said under the field and in a toast.
 */
export function PasswordConfirmForm({
  children,
  submitLabel,
  loadingText,
  danger = false,
  autoFocus = false,
  onConfirm,
  onCancel,
}: {
  children: ReactNode;
  submitLabel: string;
  loadingText: string;
  danger?: boolean;
  autoFocus?: boolean;
  /** Sends the password; the error to show, or null when done. */
  onConfirm: (password: string) => Promise<ApiError | null>;
  onCancel?: () => void;
}) {
  const form = useFieldsForm({ initialValues: { password: "" }, schema: passwordSchema });
  const onSubmit = async ({ password }: { password: string }) => {
    const error = await onConfirm(password);
    if (!error) return;
    const message = error.fields?.password;
    if (message) form.showErrors({ password: message });
    toast.error(error.message);
  };
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className="space-y-5"
      {...form.formProps}
    >
      {children}
      <PasswordField
        label="Mot de passe"
        autoComplete="current-password"
        required
        autoFocus={autoFocus}
        {...form.text("password")}
      />
      <FormActions
        onCancel={onCancel}
        submitLabel={submitLabel}
        loadingText={loadingText}
        loading={form.isSubmitting}
        danger={danger}
      />
    </form>
  );
}

/** 'Annuler' (when the step can be left) and the step's own button. */
export function FormActions({
  onCancel,
  submitLabel,
  loadingText,
  loading,
  danger = false,
}: {
  onCancel?: () => void;
  submitLabel: string;
  loadingText: string;
  loading: boolean;
  danger?: boolean;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      {onCancel ? (
        <Button type="button" variant="outline" onClick={onCancel}>
          Annuler
        </Button>
      ) : null}
      <Button
        type="submit"
        variant={danger ? "danger" : "primary"}
        loading={loading}
        loadingText={loadingText}
      >
        {submitLabel}
      </Button>
    </div>
  );
}
