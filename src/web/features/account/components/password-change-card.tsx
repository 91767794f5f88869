import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { wrongCurrentPasswordMessage } from "../../../../domain/schemas/profile";
import type {
  adminPasswordChangeSchema,
  passwordChangeSchema,
} from "../../../../domain/schemas/profile.schema";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { PasswordField } from "../../../components/password-field";
import { toast } from "../../../components/toast";
import { changePassword, type PasswordChangeBody } from "../api/change-password";

type Schema = typeof passwordChangeSchema | typeof adminPasswordChangeSchema;
type Values = z.input<Schema>;

const empty: Values = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * Password change. The client and admin screens word their messages differently, so each passes
 * its own schema (passwordChangeSchema or adminPasswordChangeSchema).
 */
export function PasswordChangeCard({ schema }: { schema: Schema }) {
  const headingId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, PasswordChangeBody>({
    resolver: zodResolver(schema),
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
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
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
