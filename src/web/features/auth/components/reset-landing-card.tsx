import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { ResetConfirmValues } from "../../../../domain/schemas/auth.schema";
import { Alert } from "../../../components/alert";
import { Button, ButtonAnchor } from "../../../components/button";
import { PasswordField } from "../../../components/password-field";
import { preloadToaster, toast } from "../../../components/toast";
import { useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";
import { paths } from "../../../paths";
import { confirmPasswordReset, invalidResetLinkMessage } from "../api/confirm-password-reset";
import { AuthCard, authLinkClasses } from "./auth-card";
import type { SignInAs } from "./login-card";

const resetConfirmSchema = lazySchema(() =>
  import("../../../../domain/schemas/auth.schema").then((m) => m.resetConfirmSchema),
);

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [linkError, setLinkError] = useState<string | null>(null);
  const form = useFieldsForm({
    initialValues: { password: "", confirmPassword: "", token },
    schema: resetConfirmSchema,
  });

  const onSubmit = async (values: ResetConfirmValues) => {
    setLinkError(null);
    const { data, error } = await confirmPasswordReset(values);
    if (error) {
      setLinkError(error.message || invalidResetLinkMessage);
      return;
    }
    toast.success("Mot de passe mis à jour avec succès");
    // The sign-in page opens with the account's address filled in (LoginCard reads it).
    const signInAs: SignInAs = { email: data?.email ?? "" };
    await navigate(paths.login, { replace: true, state: signInAs });
  };

  const tokenError = form.errors.token;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className="space-y-5"
      {...form.formProps}
    >
      {linkError || tokenError ? (
        <Alert tone="error">
          {linkError ?? tokenError}{" "}
          <a href={paths.resetRequest} className="font-semibold underline">
            Demander un nouveau lien
          </a>
        </Alert>
      ) : null}
      <PasswordField
        label="Nouveau mot de passe"
        autoComplete="new-password"
        required
        hint="Au moins 6 caractères."
        {...form.text("password")}
      />
      <PasswordField
        label="Confirmer le nouveau mot de passe"
        autoComplete="new-password"
        required
        {...form.text("confirmPassword")}
      />
      <Button
        type="submit"
        fullWidth
        size="lg"
        loading={form.isSubmitting}
        loadingText="Enregistrement…"
      >
        Enregistrer le mot de passe
      </Button>
    </form>
  );
}

/** The page the e-mailed link opens (`/reset-password?token=…`): the new password's form. */
export function ResetLandingCard() {
  const [search] = useSearchParams();
  const token = search.get("token")?.trim() ?? "";

  useEffect(() => {
    preloadToaster();
  }, []);

  return (
    <AuthCard
      title="Nouveau mot de passe"
      description="Choisissez le nouveau mot de passe de votre compte."
      footer={
        <a href={paths.login} className={authLinkClasses}>
          Retour à la connexion
        </a>
      }
    >
      {token ? (
        <NewPasswordForm token={token} />
      ) : (
        <div className="space-y-5">
          <Alert tone="warning">
            Ce lien de réinitialisation est incomplet. Ouvrez le lien reçu par e-mail tel quel, ou
            demandez-en un nouveau.
          </Alert>
          <ButtonAnchor href={paths.resetRequest} fullWidth>
            Demander un nouveau lien
          </ButtonAnchor>
        </div>
      )}
    </AuthCard>
  );
}
