// Before the schema is built (see the module).
import "../../../lib/zod-jitless";
import { Send } from "lucide-react";
import { useState } from "react";
import type { ContactInput } from "../../../../domain/schemas/contact.schema";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/text-field";
import { TextareaField } from "../../../components/textarea-field";
import { toast } from "../../../components/toast";
import { genericErrorMessage } from "../../../lib/api-client";
import { type FieldErrors, useFieldsForm } from "../../../lib/fields-form";
import { lazySchema } from "../../../lib/lazy-zod";
import { useHydrated } from "../../../lib/use-hydrated";
import { sendContactMessage } from "./send-contact-message";

export const contactSuccessMessage = "Votre message a été envoyé avec succès";

const emptyForm = {
  name: "",
  email: "",
  phone: "",
  subject: "",
  message: "",
  website: "",
} satisfies ContactInput;

const contactSchema = lazySchema(() =>
  import("../../../../domain/schemas/contact.schema").then((m) => m.contactSchema),
);

const contactFields = ["name", "email", "phone", "subject", "message"] as const;

export type ContactFormProps = {
  /**
   * What the visitor typed before the form was hydrated (read from the page by the island), so
   * that hydration does not empty the fields.
   */
  initialValues?: Partial<ContactInput>;
};

/** The fields' ids: fixed, as the form is hydrated as an island (useId would not match). */
const fieldId = (name: keyof ContactInput) => `contact-${name}`;

/**
 * The contact form. On success it says so (toast) and empties itself; on failure it keeps what
 * was typed and shows the server's French message (429, validation) or the generic one.
 */
export function ContactForm({ initialValues }: ContactFormProps) {
  // Until hydrated, the button is disabled: a press would submit the page's form natively (a GET
  // carrying the message in the URL) instead of sending it.
  const hydrated = useHydrated();
  // A failure also stays on screen under the button (the toast goes after 4 s), next to the
  // fields it keeps.
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFieldsForm({
    initialValues: () => ({ ...emptyForm, ...initialValues }),
    schema: contactSchema,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await sendContactMessage(values);
    if (result.error) {
      const fields: FieldErrors<typeof emptyForm> = {};
      for (const field of contactFields) fields[field] = result.error.fields?.[field];
      // Under their fields, without moving the focus, as before.
      form.showErrors(fields, { focus: false });
      const text = result.error.message || genericErrorMessage;
      toast.error(text);
      setFailure(text);
      return;
    }
    form.reset(emptyForm);
    toast.success(contactSuccessMessage);
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-5"
      aria-label="Formulaire de contact"
      {...form.formProps}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Nom complet"
          autoComplete="name"
          required
          id={fieldId("name")}
          {...form.text("name")}
        />
        <TextField
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          id={fieldId("email")}
          {...form.text("email")}
        />
        <TextField
          label="Téléphone (facultatif)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="Par exemple +2250701020304"
          id={fieldId("phone")}
          {...form.text("phone")}
        />
        <TextField label="Sujet (facultatif)" id={fieldId("subject")} {...form.text("subject")} />
      </div>
      <TextareaField
        label="Votre message"
        rows={6}
        required
        id={fieldId("message")}
        {...form.text("message")}
      />

      {/* Honeypot: people never see it; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor="contact-website">Ne pas remplir ce champ</label>
        <input
          id="contact-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          name="website"
          value={form.values.website}
          onChange={(event) => form.setValue("website", event.target.value)}
        />
      </div>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          <span aria-hidden="true" className="text-red-700">
            *
          </span>{" "}
          Champs obligatoires
        </p>
        <Button
          type="submit"
          size="lg"
          disabled={!hydrated}
          loading={form.isSubmitting}
          loadingText="Envoi en cours…"
        >
          <Send aria-hidden="true" className="size-4" />
          Envoyer le message
        </Button>
      </div>

      {failure ? <Alert onDismiss={() => setFailure(null)}>{failure}</Alert> : null}
    </form>
  );
}
