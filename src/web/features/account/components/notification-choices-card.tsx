import { useId } from "react";
import {
  type NotificationChoicesJson,
  notificationMessages,
} from "../../../../domain/api/notifications";
import type { NotificationChoicesInput } from "../../../../domain/api/notifications.schema";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { Checkbox } from "../../../components/checkbox";
import { TextField } from "../../../components/text-field";
import { toast } from "../../../components/toast";
import { useAuth } from "../../../lib/auth/auth-provider";
import { useFieldsForm } from "../../../lib/fields-form";
import { saveNotificationChoices } from "../api/notifications";

// 'Mon profil': the channels of the client's notices (issue 18). The server is the judge of the
// number (libphonenumber-js's metadata stays off the page): a number that is not a mobile comes
// back as the field's French message, so the form has no schema of its own.

type FormValues = { email: boolean; sms: boolean; smsPhone: string };

function toFormValues(choices: NotificationChoicesJson): FormValues {
  return { email: choices.email, sms: choices.sms, smsPhone: choices.smsPhone ?? "" };
}

function ChoicesForm({ choices }: { choices: NotificationChoicesJson }) {
  const form = useFieldsForm({ initialValues: () => toFormValues(choices) });

  const onSubmit = async (values: FormValues) => {
    const body: NotificationChoicesInput = values;
    const { data, error } = await saveNotificationChoices(body);
    if (error) {
      const message = error.fields?.smsPhone;
      if (message) form.showErrors({ smsPhone: message });
      toast.error(message ?? error.message ?? notificationMessages.saveFailed);
      return;
    }
    form.reset(toFormValues(data.choices));
    toast.success(notificationMessages.saved);
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-5">
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-slate-900">
          Me prévenir de l'avancement de mes demandes par
        </legend>
        <Checkbox label="E-mail" {...form.checkbox("email")} />
        <Checkbox
          label="SMS"
          hint="Un SMS court, sans détail personnel : le numéro de la demande et le lien pour l'ouvrir."
          {...form.checkbox("sms")}
        />
      </fieldset>
      <TextField
        label="Numéro de mobile pour les SMS"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+225 07 00 00 00 00"
        hint="Laissé vide : le téléphone de vos informations personnelles, s'il s'agit d'un mobile."
        className="max-w-sm"
        {...form.text("smsPhone")}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={form.isSubmitting} loadingText="Enregistrement…">
          Enregistrer mes préférences
        </Button>
      </div>
    </form>
  );
}

/** The client's notice channels (/client/profil). */
export function NotificationChoicesCard({ choices }: { choices: NotificationChoicesJson }) {
  const headingId = useId();
  const { user } = useAuth();
  // SMS are on by default with a mobile number: a new number or country gives new choices.
  const profile = `${user?.phone ?? ""}|${user?.country ?? ""}`;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader id={headingId} title="Notifications" />
      <CardBody>
        <ChoicesForm key={profile} choices={choices} />
      </CardBody>
    </Card>
  );
}
