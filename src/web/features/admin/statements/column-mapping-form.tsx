import { type FormEvent, useEffect, useRef, useState } from "react";
import { type PaymentChannel, paymentChannelLabels } from "../../../../domain/api/servicing";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Card, CardBody } from "../../../components/card";
import { SelectField } from "../../../components/select-field";
import { ApiRequestError } from "../../../lib/api-client";
import { useSaveStatementMapping } from "../api/save-statement-mapping";
import type { ColumnChoice } from "./csv-header";

// The mapping screen: which of the file's columns holds the date, the amount, the reference and
// (optionally) the payer's phone. Saved for the channel, for every officer: each operator exports
// its own columns, and the next statement of the same operator is read without asking again.

const fields: { name: keyof ColumnChoice; label: string; hint?: string }[] = [
  { name: "dateColumn", label: "Date du paiement" },
  { name: "amountColumn", label: "Montant" },
  {
    name: "referenceColumn",
    label: "Référence de l'opération",
    hint: "Le numéro de la demande (#00042) qui s'y trouve rattache le paiement au prêt.",
  },
  {
    name: "phoneColumn",
    label: "Téléphone du payeur (facultatif)",
    hint: "Sans référence reconnue, un paiement du numéro du client égal à son échéance est proposé.",
  },
];

type ColumnMappingFormProps = {
  channel: PaymentChannel;
  fileName: string;
  header: readonly string[];
  initial: ColumnChoice;
  /** Why the screen is shown (no mapping yet, a column the file lacks), or nothing. */
  reason: string | null;
  /** Once saved: the statement is imported with these columns. */
  onSaved: () => Promise<void>;
  onCancel: () => void;
};

export function ColumnMappingForm({
  channel,
  fileName,
  header,
  initial,
  reason,
  onSaved,
  onCancel,
}: ColumnMappingFormProps) {
  const [choice, setChoice] = useState<ColumnChoice>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof ColumnChoice | "form", string>>>({});
  const [busy, setBusy] = useState(false);
  const save = useSaveStatementMapping();
  const heading = useRef<HTMLHeadingElement>(null);
  const selects = useRef(new Map<keyof ColumnChoice, HTMLSelectElement | null>());
  const options = header.map((name) => ({ value: name, label: name }));
  const channelLabel = paymentChannelLabels[channel];

  // The screen opens on a choice of the officer's (or the server's answer): the focus follows it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setErrors({});
    setBusy(true);
    try {
      await save.mutateAsync({
        channel,
        input: { ...choice, phoneColumn: choice.phoneColumn || null },
      });
      await onSaved();
    } catch (error) {
      const fieldErrors = error instanceof ApiRequestError ? (error.fields ?? {}) : {};
      const shown = Object.fromEntries(
        fields
          .filter((field) => fieldErrors[field.name])
          .map((field) => [field.name, fieldErrors[field.name]]),
      ) as Partial<Record<keyof ColumnChoice, string>>;
      const first = fields.find((field) => shown[field.name]);
      setErrors(first ? shown : { form: (error as Error).message });
      if (first) selects.current.get(first.name)?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="mapping-title" className="mt-6">
      <div className="border-b border-slate-100 px-5 py-4">
        <h2
          id="mapping-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          Colonnes des relevés {channelLabel}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Indiquez quelle colonne du fichier « {fileName} » contient chaque information. Ce choix
          est enregistré pour les prochains relevés {channelLabel}, pour tous les administrateurs.
        </p>
      </div>
      <CardBody>
        {reason ? (
          <Alert tone="info" className="mb-5">
            {reason}
          </Alert>
        ) : null}
        {errors.form ? (
          <Alert className="mb-5" onDismiss={() => setErrors({})}>
            {errors.form}
          </Alert>
        ) : null}
        <form onSubmit={submit} noValidate>
          <div className="grid gap-5 sm:grid-cols-2">
            {fields.map((field) => (
              <SelectField
                key={field.name}
                label={field.label}
                hint={field.hint}
                required={field.name !== "phoneColumn"}
                placeholder={
                  field.name === "phoneColumn" ? "Aucune colonne" : "Choisissez une colonne"
                }
                options={options}
                value={choice[field.name]}
                error={errors[field.name]}
                ref={(element) => {
                  selects.current.set(field.name, element);
                }}
                onChange={(event) => {
                  setChoice((current) => ({ ...current, [field.name]: event.target.value }));
                  setErrors((shown) => ({ ...shown, [field.name]: undefined }));
                }}
              />
            ))}
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button type="submit" loading={busy} loadingText="Enregistrement…">
              Enregistrer les colonnes et importer
            </Button>
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              Annuler
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
