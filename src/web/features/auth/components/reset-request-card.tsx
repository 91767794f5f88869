import { MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import type { ResetRequestValues } from "../../../../domain/schemas/auth.schema";
import { Alert } from "../../../components/alert";
import { Button, ButtonAnchor } from "../../../components/button";
import { TextField } from "../../../components/text-field";
import { preloadToaster, toast } from "../../../components/toast";
import { useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";
import { paths } from "../../../paths";
import { requestPasswordReset, resetRequestFailedMessage } from "../api/request-password-reset";
import { AuthCard, authLinkClasses } from "./auth-card";

const resetRequestSchema = lazySchema(() =>
  import("../../../../domain/schemas/auth.schema").then((m) => m.resetRequestSchema),
);

/** 'Mot de passe oublié' : the e-mail form, then the confirmation that a link was sent. */
export function ResetRequestCard() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFieldsForm({
    initialValues: () => ({ email: "" }),
    schema: resetRequestSchema,
  });

  useEffect(() => {
    preloadToaster();
  }, []);

  const onSubmit = async (values: ResetRequestValues) => {
    setFormError(null);
    const { error } = await requestPasswordReset(values);
    if (error) {
      // Too many attempts and a lost connection say so; anything else gets the spec's message.
      const precise = error.status === 429 || error.code === "network";
      setFormError(precise ? error.message : resetRequestFailedMessage);
      return;
    }
    toast.success("Lien de réinitialisation envoyé à votre adresse e-mail");
    setSentTo(values.email);
  };

  if (sentTo) {
    return (
      <AuthCard title="Vérifiez votre messagerie">
        <div className="space-y-5 text-center" role="status">
          <MailCheck aria-hidden="true" className="mx-auto size-12 text-emerald-600" />
          <p className="text-slate-700">
            Si un compte existe pour <strong className="break-all">{sentTo}</strong>, un lien de
            réinitialisation vient d'y être envoyé. Il est valable pour une durée limitée.
          </p>
          <p className="text-sm text-slate-600">
            Pensez à vérifier vos courriers indésirables si vous ne le trouvez pas.
          </p>
          <ButtonAnchor href={paths.login} fullWidth>
            Retour à la connexion
          </ButtonAnchor>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Mot de passe oublié"
      description="Indiquez votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe."
      footer={
        <a href={paths.login} className={authLinkClasses}>
          Retour à la connexion
        </a>
      }
    >
      <form
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        className="space-y-5"
        {...form.formProps}
      >
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          id="oubli-email"
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.text("email")}
        />
        <Button type="submit" fullWidth size="lg" loading={form.isSubmitting} loadingText="Envoi…">
          Envoyer le lien
        </Button>
      </form>
    </AuthCard>
  );
}
