import { useState } from "react";
import { missingFieldsMessage } from "../../../../domain/schemas/auth";
import type { RegisterFormInput } from "../../../../domain/schemas/auth.schema";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { PasswordField } from "../../../components/password-field";
import { TextField } from "../../../components/text-field";
import { toast } from "../../../components/toast";
import { type FieldErrors, useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";
import { paths } from "../../../paths";
import { DocumentNavigate } from "../../../shell/leave-app";
import { registerAccount, registerFailedMessage } from "../api/register";
import { AuthCard, authLinkClasses } from "./auth-card";
import { SignInIsland } from "./sign-in-island";
import { useSignedInRedirect } from "./use-signed-in-redirect";

type RegisterFormValues = RegisterFormInput;
const serverFields = ["fullName", "email", "password"] as const;
const registerSchema = lazySchema(() =>
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
  const form = useFieldsForm({
    initialValues: () => ({
      fullName: "",
      email: "",
      password: "",
      confirmPassword: "",
      ...initialValues,
    }),
    schema: registerSchema,
  });

  if (redirectTo) return <DocumentNavigate to={redirectTo} />;

  const onSubmit = async ({ fullName, email, password }: RegisterFormValues) => {
    setFormError(null);
    const { data, error } = await registerAccount({ fullName: fullName.trim(), email, password });
    if (error) {
      const fields: FieldErrors<RegisterFormValues> = {};
      for (const field of serverFields) fields[field] = error.fields?.[field];
      // Under their fields, the focus staying on the button, as before.
      form.showErrors(fields, { focus: false });
      setFormError(error.message || registerFailedMessage);
      return;
    }
    toast.success("Compte créé avec succès !");
    setUser(data.user);
  };

  const onInvalid = () => {
    const values = form.getValues();
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
        onSubmit={form.handleSubmit(onSubmit, onInvalid)}
        className="space-y-5"
        {...form.formProps}
      >
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          id="inscription-nom"
          label="Nom complet"
          autoComplete="name"
          required
          hint="Votre prénom puis votre nom, par exemple : Awa Koné"
          {...form.text("fullName")}
        />
        <TextField
          id="inscription-email"
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.text("email")}
        />
        <PasswordField
          id="inscription-mot-de-passe"
          label="Mot de passe"
          autoComplete="new-password"
          required
          hint="Au moins 6 caractères."
          {...form.text("password")}
        />
        <PasswordField
          id="inscription-confirmation"
          label="Confirmer le mot de passe"
          autoComplete="new-password"
          required
          {...form.text("confirmPassword")}
        />
        <Button
          type="submit"
          fullWidth
          size="lg"
          loading={form.isSubmitting}
          loadingText="Création du compte…"
        >
          Créer mon compte
        </Button>
      </form>
    </AuthCard>
  );
}
