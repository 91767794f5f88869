import { Send } from "lucide-react";
import type { PageReadRefusal } from "../../../../domain/page-reader";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/text-field";
import { TextareaField } from "../../../components/textarea-field";
import { paths } from "../../../paths";

export const contactSuccessMessage = "Votre message a été envoyé avec succès";

/** The fields, in the form's order (the summary of what to correct follows it). */
export const contactFields = ["name", "email", "phone", "subject", "message"] as const;
type ContactField = (typeof contactFields)[number];

/** What the contact page shows of its form: just sent, or refused with what was typed. */
export type ContactFormState = {
  sent: boolean;
  values?: Partial<Record<ContactField, string>>;
  refusal?: PageReadRefusal;
};

/** The fields' ids, which the summary of what to correct links to. */
const fieldId = (name: ContactField | "website") => `contact-${name}`;

/**
 * The contact form, sent by the browser itself to the page's action (no script on the public
 * pages): the server checks it with the API's rules and answers with the page again, the form
 * emptied and 'Votre message a été envoyé avec succès', or what was typed with each field's
 * French message and a summary linking to them.
 */
export function ContactForm({ state }: { state: ContactFormState }) {
  const values = state.refusal ? (state.values ?? {}) : {};
  const fields = state.refusal?.fields ?? {};
  const wrong = contactFields.filter((field) => fields[field]);
  const field = (name: ContactField) => ({
    id: fieldId(name),
    name,
    defaultValue: values[name] ?? "",
    error: fields[name],
  });
  return (
    <form
      method="post"
      action={`${paths.contact}#formulaire`}
      id="formulaire"
      noValidate
      className="grid scroll-mt-24 gap-5"
      aria-label="Formulaire de contact"
    >
      {state.sent ? <Alert tone="success">{contactSuccessMessage}</Alert> : null}
      {state.refusal ? (
        <Alert>
          {wrong.length > 0 ? (
            <>
              <p>Corrigez ce qui suit, puis envoyez de nouveau :</p>
              <ul className="mt-1 list-disc pl-5">
                {wrong.map((name) => (
                  <li key={name}>
                    <a href={`#${fieldId(name)}`} className="underline">
                      {fields[name]}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            state.refusal.message
          )}
        </Alert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Nom complet" autoComplete="name" required {...field("name")} />
        <TextField
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...field("email")}
        />
        <TextField
          label="Téléphone (facultatif)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="Par exemple +2250701020304"
          {...field("phone")}
        />
        <TextField label="Sujet (facultatif)" {...field("subject")} />
      </div>
      <TextareaField label="Votre message" rows={6} required {...field("message")} />

      {/* Honeypot: people never see it; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor={fieldId("website")}>Ne pas remplir ce champ</label>
        <input
          id={fieldId("website")}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          name="website"
        />
      </div>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          <span aria-hidden="true" className="text-red-700">
            *
          </span>{" "}
          Champs obligatoires
        </p>
        <Button type="submit" size="lg">
          <Send aria-hidden="true" className="size-4" />
          Envoyer le message
        </Button>
      </div>
    </form>
  );
}
