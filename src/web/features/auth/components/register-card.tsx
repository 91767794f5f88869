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
import { registerAccount, registerFailedMessage } from "../api/register";
import { AuthCard, authLinkClasses } from "./auth-card";
import { useSignInDestination } from "./sign-in-destination";

type RegisterFormValues = RegisterFormInput;
const serverFields = ["fullName", "email", "password"] as const;
const registerSchema = lazySchema(() =>
  import("../../../../domain/schemas/auth.schema").then((m) => m.registerFormSchema),
);

/** The registration form: the new client lands in their area, signed in. */
export function RegisterCard() {
  const { enter } = useSignInDestination();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFieldsForm({
    initialValues: () => ({
      fullName: "",
      email: "",
      password: "",
      confirmPassword: "",
    }),
    schema: registerSchema,
  });

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
    await enter(data.user);
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
