import type { LoanAccountJson } from "../../../../domain/api/servicing";
import { Card, CardBody, CardHeader } from "../../../components/card";

/**
 * 'Comment payer': the firm's mobile-money and bank accounts, and the reference to give with each
 * payment (the request's number): it is how the firm finds whose payment it is.
 */
export function HowToPayCard({
  instructions,
}: {
  instructions: LoanAccountJson["paymentInstructions"];
}) {
  return (
    <Card aria-labelledby="how-to-pay-title">
      <CardHeader
        id="how-to-pay-title"
        title="Comment payer"
        description="Par mobile money ou en agence, sur l'un de nos comptes ci-dessous."
      />
      <CardBody className="space-y-4">
        <div className="rounded-lg border-2 border-dashed border-brand-300 bg-brand-50 px-4 py-3">
          <p className="text-sm text-slate-800">Référence à indiquer avec chaque paiement :</p>
          <p className="mt-1 text-2xl font-bold tracking-wide text-brand-900 tabular-nums">
            {instructions.reference}
          </p>
        </div>
        {instructions.accounts.length > 0 ? (
          <ul aria-label="Nos comptes de paiement" className="divide-y divide-slate-100">
            {instructions.accounts.map((account) => (
              <li
                key={`${account.channel}-${account.number}`}
                className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
              >
                <span className="text-slate-700">{account.label}</span>
                <span className="font-semibold [overflow-wrap:anywhere] text-slate-900 tabular-nums">
                  {account.number}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">
            Votre conseiller vous indiquera où effectuer vos paiements.
          </p>
        )}
      </CardBody>
    </Card>
  );
}
