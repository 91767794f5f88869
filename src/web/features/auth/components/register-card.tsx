import { useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { missingFieldsMessage } from "../../../../domain/schemas/auth";
import type { RegisterFormInput } from "../../../../domain/schemas/auth.schema";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { PasswordField } from "../../../components/password-field";
import { TextField } from "../../../components/text-field";
import { toast } from "../../../components/toast";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { paths } from "../../../paths";
import { DocumentNavigate } from "../../../shell/leave-app";
import { registerAccount, registerFailedMessage } from "../api/register";
import { AuthCard, authLinkClasses } from "./auth-card";
import { SignInIsland } from "./sign-in-island";
import { useSignedInRedirect } from "./use-signed-in-redirect";

type RegisterFormValues = RegisterFormInput;
const serverFields = ["fullName", "email", "password"] as const;
const registerResolver = lazyZodResolver(() =>
  import("../../../../domain/schemas/auth.schema").then((m) => m.registerFormSchema),
);

export type RegisterIslandProps = {
  /** What was typed before the island was hydrated (read from the page by register.island.tsx). */
  initialValues?: Partial<RegisterFormValues>;
};

/** The registration page's island (src/web/islands). */
export function RegisterIsland(props: RegisterIslandProps) {
  return (
    <SignInIsland>
      <RegisterCard {...props} />
    </SignInIsland>
  );
}

function RegisterCard({ initialValues }: RegisterIslandProps) {
  const { redirectTo, setUser } = useSignedInRedirect();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues>({
    resolver: registerResolver,
    defaultValues: { fullName: "", email: "", password: "", confirmPassword: "", ...initialValues },
  });

  if (redirectTo) return <DocumentNavigate to={redirectTo} />;

  const onSubmit = async ({ fullName, email, password }: RegisterFormValues) => {
    setFormError(null);
    const { data, error } = await registerAccount({ fullName: fullName.trim(), email, password });
    if (error) {
      for (const field of serverFields) {
        const message = error.fields?.[field];
        if (message) setError(field, { type: "server", message });
      }
      setFormError(error.message || registerFailedMessage);
      return;
    }
    toast.success("Compte créé avec succès !");
    setUser(data.user);
  };

  const onInvalid = (_errors: FieldErrors<RegisterFormValues>) => {
    const values = getValues();
    const anyEmpty = Object.values(values).some((value) => String(value ?? "").trim() === "");
    setFormError(anyEmpty ? missingFieldsMessage : null);
  };

  return (
    <AuthCard
      title="Créer un compte"
      description="Quelques informations suffisent pour commencer votre demande de prêt."
      footer={
        <>
          Déjà inscrit ?{" "}
          <a href={paths.login} className={authLinkClasses}>
            Se connecter
          </a>
        </>
      }
    >
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit, onInvalid)}
        className="space-y-5"
        {...registerResolver.preloadProps}
      >
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          id="inscription-nom"
          label="Nom complet"
          autoComplete="name"
          required
          hint="Votre prénom puis votre nom, par exemple : Awa Koné"
          error={errors.fullName?.message}
          {...register("fullName")}
        />
        <TextField
          id="inscription-email"
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email?.message}
          {...register("email")}
        />
        <PasswordField
          id="inscription-mot-de-passe"
          label="Mot de passe"
          autoComplete="new-password"
          required
          hint="Au moins 6 caractères."
          error={errors.password?.message}
          {...register("password")}
        />
        <PasswordField
          id="inscription-confirmation"
          label="Confirmer le mot de passe"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        <Button
          type="submit"
          fullWidth
          size="lg"
          loading={isSubmitting}
          loadingText="Création du compte…"
        >
          Créer mon compte
        </Button>
      </form>
    </AuthCard>
  );
}
