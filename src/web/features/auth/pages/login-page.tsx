import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { LoginInput, LoginValues } from "../../../../domain/schemas/auth.schema";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Checkbox } from "../../../components/checkbox";
import { documentTitle } from "../../../components/document-title";
import { PasswordField } from "../../../components/password-field";
import { TextField } from "../../../components/text-field";
import { toast } from "../../../components/toast";
import { sessionExpiredNotice } from "../../../lib/auth/auth-provider";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { paths } from "../../../paths";
import { DocumentNavigate } from "../../../shell/leave-app";
import { signIn, signInFailedMessage } from "../api/sign-in";
import { AuthCard, authLinkClasses } from "../components/auth-card";
import { TwoFactorStep } from "../components/two-factor-step";
import { useSignedInRedirect } from "../components/use-signed-in-redirect";

export function meta() {
  return [
    { title: documentTitle("Connexion") },
    {
      name: "description",
      content: "Connectez-vous à votre espace client pour suivre vos demandes de prêt.",
    },
  ];
}

const loginResolver = lazyZodResolver(() =>
  import("../../../../domain/schemas/auth.schema").then((m) => m.loginSchema),
);

// No social sign-in button: DESIGN.md shows it only where a provider is configured, and none is.
export default function LoginPage() {
  const { redirectTo, setUser, locationState } = useSignedInRedirect();
  const [formError, setFormError] = useState<string | null>(null);
  // After the password, an account with a second factor gets the code step (issue 17).
  const [codeStep, setCodeStep] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: loginResolver,
    defaultValues: { email: "", password: "", rememberMe: false },
  });

  if (redirectTo) return <DocumentNavigate to={redirectTo} />;

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
    // The page re-renders with the user and sends them to their area.
    setUser(data.user);
  };

  if (codeStep) {
    return (
      <AuthCard
        title="Double authentification"
        description="Saisissez le code affiché par votre application d'authentification, ou un code de secours."
      >
        <TwoFactorStep
          onSignedIn={setUser}
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
          <Link to={paths.register} className={authLinkClasses}>
            Créer un compte
          </Link>
        </>
      }
    >
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        className="space-y-5"
        {...loginResolver.preloadProps}
      >
        {locationState?.notice === "expired" && !formError ? (
          <Alert tone="info">{sessionExpiredNotice}</Alert>
        ) : null}
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email?.message}
          {...register("email")}
        />
        <PasswordField
          label="Mot de passe"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register("password")}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox label="Se souvenir de moi" {...register("rememberMe")} />
          <Link to={paths.resetRequest} className={`text-sm ${authLinkClasses}`}>
            Mot de passe oublié ?
          </Link>
        </div>
        <Button type="submit" fullWidth size="lg" loading={isSubmitting} loadingText="Connexion…">
          Se connecter
        </Button>
      </form>
    </AuthCard>
  );
}
