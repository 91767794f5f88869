import { useId } from "react";
import { useForm } from "react-hook-form";
import { wrongCurrentPasswordMessage } from "../../../../domain/schemas/profile";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { PasswordField } from "../../../components/password-field";
import { toast } from "../../../components/toast";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { changePassword, type PasswordChangeBody } from "../api/change-password";

const empty: PasswordChangeBody = { currentPassword: "", newPassword: "", confirmPassword: "" };

const profileSchemas = () => import("../../../../domain/schemas/profile.schema");
/** The client and admin screens word their messages differently: each has its own schema. */
const resolvers = {
  client: lazyZodResolver(() => profileSchemas().then((m) => m.passwordChangeSchema)),
  admin: lazyZodResolver(() => profileSchemas().then((m) => m.adminPasswordChangeSchema)),
};

/** Password change, with the messages of the client's screen or of the administrators'. */
export function PasswordChangeCard({ screen }: { screen: keyof typeof resolvers }) {
  const resolver = resolvers[screen];
  const headingId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeBody, unknown, PasswordChangeBody>({
    resolver,
    defaultValues: empty,
  });

  const onSubmit = async (values: PasswordChangeBody) => {
    const { error } = await changePassword(values);
    if (error) {
      const currentMessage =
        error.fields?.currentPassword ??
        (error.message === wrongCurrentPasswordMessage ? error.message : null);
      if (currentMessage)
        setError(
          "currentPassword",
          { type: "server", message: currentMessage },
          { shouldFocus: true },
        );
      for (const field of ["newPassword", "confirmPassword"] as const) {
        const message = error.fields?.[field];
        if (message) setError(field, { type: "server", message });
      }
      toast.error(`Erreur lors de la mise à jour du mot de passe: ${error.message}`);
      return;
    }
    reset(empty);
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
          onSubmit={handleSubmit(onSubmit)}
          className="space-y-5"
          {...resolver.preloadProps}
        >
          <PasswordField
            label="Mot de passe actuel"
            autoComplete="current-password"
            required
            error={errors.currentPassword?.message}
            {...register("currentPassword")}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <PasswordField
              label="Nouveau mot de passe"
              autoComplete="new-password"
              required
              error={errors.newPassword?.message}
              {...register("newPassword")}
            />
            <PasswordField
              label="Confirmer le nouveau mot de passe"
              autoComplete="new-password"
              required
              error={errors.confirmPassword?.message}
              {...register("confirmPassword")}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={isSubmitting} loadingText="Mise à jour…">
              Mettre à jour le mot de passe
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
