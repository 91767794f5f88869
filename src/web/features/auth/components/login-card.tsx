import { useState } from "react";
import { useLocation } from "react-router";
import type { LoginValues } from "../../../../domain/schemas/auth.schema";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Checkbox } from "../../../components/checkbox";
import { PasswordField } from "../../../components/password-field";
import { TextField } from "../../../components/text-field";
import { toast } from "../../../components/toast";
import { sessionExpiredNotice } from "../../../lib/auth/auth-provider";
import { useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";
import { paths } from "../../../paths";
import { signIn, signInFailedMessage } from "../api/sign-in";
import { AuthCard, authLinkClasses } from "./auth-card";
import { useSignInDestination } from "./sign-in-destination";
import { TwoFactorStep } from "./two-factor-step";

const loginSchema = lazySchema(() =>
  import("../../../../domain/schemas/auth.schema").then((m) => m.loginSchema),
);

/** What a page that sends the user to sign in may pass as the location's state. */
export type SignInAs = { email: string };

// No social sign-in button: DESIGN.md shows it only where a provider is configured, and none is.
/** The login form, then the second-factor step for an account that has one (issue 17). */
export function LoginCard() {
  const { sessionExpired, enter } = useSignInDestination();
  const [formError, setFormError] = useState<string | null>(null);
  // After the password, an account with a second factor gets the code step (issue 17).
  const [codeStep, setCodeStep] = useState(false);
  const signInAs = useLocation().state as SignInAs | null;
  const form = useFieldsForm({
    initialValues: () => ({ email: signInAs?.email ?? "", password: "", rememberMe: false }),
    schema: loginSchema,
  });

  const onSubmit = async (values: LoginValues) => {
    setFormError(null);
    const { data, error } = await signIn(values);
    if (error) {
      setFormError(error.message || signInFailedMessage);
      return;
    }
    if (!data.user) {
      setCodeStep(true);
      return;
    }
    toast.success("Connexion réussie !");
    await enter(data.user);
  };

  if (codeStep) {
    return (
      <AuthCard
        title="Double authentification"
        description="Saisissez le code affiché par votre application d'authentification, ou un code de secours."
      >
        <TwoFactorStep
          onSignedIn={enter}
          onRestart={(message) => {
            setFormError(message ?? null);
            setCodeStep(false);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Connexion"
      description="Accédez à votre espace pour suivre vos demandes de prêt."
      footer={
        <>
          Pas encore de compte ?{" "}
          <a href={paths.register} className={authLinkClasses}>
            Créer un compte
          </a>
        </>
      }
    >
      <form
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        className="space-y-5"
        {...form.formProps}
      >
        {sessionExpired && !formError ? <Alert tone="info">{sessionExpiredNotice}</Alert> : null}
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          id="connexion-email"
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.text("email")}
        />
        <PasswordField
          id="connexion-mot-de-passe"
          label="Mot de passe"
          autoComplete="current-password"
          required
          {...form.text("password")}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox
            id="connexion-souvenir"
            label="Se souvenir de moi"
            {...form.checkbox("rememberMe")}
          />
          <a href={paths.resetRequest} className={`text-sm ${authLinkClasses}`}>
            Mot de passe oublié ?
          </a>
        </div>
        <Button
          type="submit"
          fullWidth
          size="lg"
          loading={form.isSubmitting}
          loadingText="Connexion…"
        >
          Se connecter
        </Button>
      </form>
    </AuthCard>
  );
}
