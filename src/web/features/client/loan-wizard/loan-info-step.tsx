import { type UseFormReturn, useWatch } from "react-hook-form";
import { offices } from "../../../../domain/firm";
import { formatFcfa } from "../../../../domain/format-fcfa";
import { loanTypeLabels, loanTypes } from "../../../../domain/loan-type";
import type { LoanStep1Values } from "../../../../domain/schemas/loan-request.schema";
import { SelectField } from "../../../components/select-field";
import { TextField } from "../../../components/text-field";
import { TextareaField } from "../../../components/textarea-field";
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
export function LoanInfoStep({
  form,
}: {
  form: UseFormReturn<LoanFormValues, unknown, LoanStep1Values>;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [loanType, amount, durationMonths, monthlyIncome] = useWatch({
    control,
    name: ["loanType", "amount", "durationMonths", "monthlyIncome"],
  });
  const estimate = estimateMonthlyPayment({ loanType, amount, durationMonths });

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        label="Type de prêt"
        required
        placeholder="Sélectionnez un type"
        options={loanTypeOptions}
        error={errors.loanType?.message}
        className="sm:col-span-2"
        {...register("loanType")}
      />
      <TextField
        label="Montant souhaité (FCFA)"
        required
        inputMode="numeric"
        autoComplete="off"
        placeholder="5000000"
        hint={amountEcho(amount)}
        error={errors.amount?.message}
        {...register("amount")}
      />
      <TextField
        label="Durée (en mois)"
        required
        inputMode="numeric"
        autoComplete="off"
        placeholder="36"
        error={errors.durationMonths?.message}
        {...register("durationMonths")}
      />
      <div className="sm:col-span-2">
        <MonthlyPaymentPreview estimate={estimate} />
      </div>
      <TextField
        label="Objet du prêt"
        required
        placeholder="Ex. : achat d'un véhicule, fonds de roulement…"
        error={errors.purpose?.message}
        className="sm:col-span-2"
        {...register("purpose")}
      />
      <TextareaField
        label="Description"
        hint="Facultatif : tout ce qui aide nos conseillers à comprendre votre projet."
        error={errors.description?.message}
        className="sm:col-span-2"
        {...register("description")}
      />
      <TextField
        label="Revenu mensuel (FCFA)"
        inputMode="numeric"
        autoComplete="off"
        placeholder="350000"
        hint={amountEcho(monthlyIncome) ?? "Facultatif"}
        error={errors.monthlyIncome?.message}
        {...register("monthlyIncome")}
      />
      <SelectField
        label="Agence"
        required
        placeholder="Sélectionnez une agence"
        hint="L'agence qui étudiera votre demande, proposée d'après le pays de votre profil."
        options={officeOptions}
        error={errors.office?.message}
        {...register("office")}
      />
    </div>
  );
}
