import { useEffect, useState } from "react";
import type { ResetConfirmValues } from "../../../../domain/schemas/auth.schema";
import { Alert } from "../../../components/alert";
import { Button, ButtonAnchor } from "../../../components/button";
import { PasswordField } from "../../../components/password-field";
import { PageSpinner } from "../../../components/spinner";
import { preloadToaster, toast } from "../../../components/toast";
import { useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";
import { useHydrated } from "../../../lib/use-hydrated";
import { paths } from "../../../paths";
import { leaveFor } from "../../../shell/leave-app";
import { confirmPasswordReset, invalidResetLinkMessage } from "../api/confirm-password-reset";
import { AuthCard, authLinkClasses } from "./auth-card";
import { SignInIsland } from "./sign-in-island";

const resetConfirmSchema = lazySchema(() =>
  import("../../../../domain/schemas/auth.schema").then((m) => m.resetConfirmSchema),
);

function NewPasswordForm({ token }: { token: string }) {
  const [linkError, setLinkError] = useState<string | null>(null);
  const form = useFieldsForm({
    initialValues: { password: "", confirmPassword: "", token },
    schema: resetConfirmSchema,
  });

  const onSubmit = async (values: ResetConfirmValues) => {
    setLinkError(null);
    const { error } = await confirmPasswordReset(values);
    if (error) {
      setLinkError(error.message || invalidResetLinkMessage);
      return;
    }
    toast.success("Mot de passe mis à jour avec succès");
    // A document load (these pages are islands): the toast goes along to the login page.
    leaveFor(paths.login);
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

/** The page the e-mailed link opens (`/reset-password?token=…`): its island (src/web/islands). */
export function ResetLandingIsland() {
  return (
    <SignInIsland>
      <ResetLandingCard />
    </SignInIsland>
  );
}

function ResetLandingCard() {
  const hydrated = useHydrated();
  const token = hydrated
    ? (new URLSearchParams(window.location.search).get("token")?.trim() ?? "")
    : "";

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
      {/* The token is in the query string, which the prerendered HTML does not know. */}
      {!hydrated ? (
        <PageSpinner />
      ) : token ? (
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
