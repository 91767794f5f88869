import { useId } from "react";
import { wrongCurrentPasswordMessage } from "../../../../domain/schemas/profile";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { PasswordField } from "../../../components/password-field";
import { toast } from "../../../components/toast";
import { useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";
import { changePassword, type PasswordChangeBody } from "../api/change-password";

const empty: PasswordChangeBody = { currentPassword: "", newPassword: "", confirmPassword: "" };

const profileSchemas = () => import("../../../../domain/schemas/profile.schema");
/** The client and admin screens word their messages differently: each has its own schema. */
const schemas = {
  client: lazySchema(() => profileSchemas().then((m) => m.passwordChangeSchema)),
  admin: lazySchema(() => profileSchemas().then((m) => m.adminPasswordChangeSchema)),
};

/** Password change, with the messages of the client's screen or of the administrators'. */
export function PasswordChangeCard({ screen }: { screen: keyof typeof schemas }) {
  const headingId = useId();
  const form = useFieldsForm({ initialValues: empty, schema: schemas[screen] });

  const onSubmit = async (values: PasswordChangeBody) => {
    const { error } = await changePassword(values);
    if (error) {
      form.showErrors({
        currentPassword:
          error.fields?.currentPassword ??
          (error.message === wrongCurrentPasswordMessage ? error.message : undefined),
        newPassword: error.fields?.newPassword,
        confirmPassword: error.fields?.confirmPassword,
      });
      toast.error(`Erreur lors de la mise à jour du mot de passe: ${error.message}`);
      return;
    }
    form.reset(empty);
    toast.success("Mot de passe mis à jour avec succès");
  };

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Changer le mot de passe"
        description="Au moins 6 caractères."
      />
      <CardBody>
        <form
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
          className="space-y-5"
          {...form.formProps}
        >
          <PasswordField
            label="Mot de passe actuel"
            autoComplete="current-password"
            required
            {...form.text("currentPassword")}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <PasswordField
              label="Nouveau mot de passe"
              autoComplete="new-password"
              required
              {...form.text("newPassword")}
            />
            <PasswordField
              label="Confirmer le nouveau mot de passe"
              autoComplete="new-password"
              required
              {...form.text("confirmPassword")}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={form.isSubmitting} loadingText="Mise à jour…">
              Mettre à jour le mot de passe
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
