import { offices } from "../../../../domain/firm";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { loanTypeLabels, loanTypes } from "../../../../domain/loan-type";
import type { LoanStep1Values } from "../../../../domain/schemas/loan-request.schema";
import { SelectField } from "../../../components/select-field";
import { TextField } from "../../../components/text-field";
import { TextareaField } from "../../../components/textarea-field";
import type { FieldsForm } from "../../../lib/fields-form";
import { compactNumber, estimateMonthlyPayment, type LoanFormValues } from "./loan-form-values";
import { MonthlyPaymentPreview } from "./monthly-payment-preview";

const loanTypeOptions = loanTypes.map((type) => ({ value: type, label: loanTypeLabels[type] }));
const officeOptions = offices.map((office) => ({ value: office.id, label: office.city }));

/** "Soit 5 000 000 FCFA": big numbers typed without spaces are easy to misread. */
function amountEcho(text: string): string | undefined {
  const compact = compactNumber(text);
  if (!/^\d+$/.test(compact)) return undefined;
  const value = Number(compact);
  return value > 0 && Number.isSafeInteger(value) ? `Soit ${formatFcfa(value)}` : undefined;
}

/** Step 1: the loan's information, with the indicative monthly payment as the client types. */
export function LoanInfoStep({ form }: { form: FieldsForm<LoanFormValues, LoanStep1Values> }) {
  const { text } = form;
  const { loanType, amount, durationMonths, monthlyIncome } = form.values;
  const estimate = estimateMonthlyPayment({ loanType, amount, durationMonths });

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        label="Type de prêt"
        required
        placeholder="Sélectionnez un type"
        options={loanTypeOptions}
        className="sm:col-span-2"
        {...text("loanType")}
      />
      <TextField
        label="Montant souhaité (FCFA)"
        required
        inputMode="numeric"
        autoComplete="off"
        placeholder="5000000"
        hint={amountEcho(amount)}
        {...text("amount")}
      />
      <TextField
        label="Durée (en mois)"
        required
        inputMode="numeric"
        autoComplete="off"
        placeholder="36"
        {...text("durationMonths")}
      />
      <div className="sm:col-span-2">
        <MonthlyPaymentPreview estimate={estimate} />
      </div>
      <TextField
        label="Objet du prêt"
        required
        placeholder="Ex. : achat d'un véhicule, fonds de roulement…"
        className="sm:col-span-2"
        {...text("purpose")}
      />
      <TextareaField
        label="Description"
        hint="Facultatif : tout ce qui aide nos conseillers à comprendre votre projet."
        className="sm:col-span-2"
        {...text("description")}
      />
      <TextField
        label="Revenu mensuel (FCFA)"
        inputMode="numeric"
        autoComplete="off"
        placeholder="350000"
        hint={amountEcho(monthlyIncome) ?? "Facultatif"}
        {...text("monthlyIncome")}
      />
      <SelectField
        label="Agence"
        required
        placeholder="Sélectionnez une agence"
        hint="L'agence qui étudiera votre demande, proposée d'après le pays de votre profil."
        options={officeOptions}
        {...text("office")}
      />
    </div>
  );
}
