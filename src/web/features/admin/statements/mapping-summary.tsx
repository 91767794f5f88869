import {
  type PaymentChannel,
  paymentChannelLabels,
  type StatementMappingJson,
} from "../../../../domain/api/servicing";
import { Button } from "../../../components/button";

/**
 * The columns the channel's statements are read with, and the way to change them (which needs a
 * file: the choices are its columns).
 */
export function MappingSummary({
  channel,
  saved,
  canChange,
  onChange,
}: {
  channel: PaymentChannel;
  saved: StatementMappingJson | undefined;
  canChange: boolean;
  onChange: () => void;
}) {
  const label = paymentChannelLabels[channel];
  return (
    <div className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
      {saved ? (
        <p className="min-w-0 break-words">
          Colonnes des relevés {label} : date « {saved.dateColumn} », montant « {saved.amountColumn}{" "}
          », référence « {saved.referenceColumn} »
          {saved.phoneColumn ? `, téléphone « ${saved.phoneColumn} »` : ""}.
        </p>
      ) : (
        <p className="min-w-0">
          Aucune colonne n'est encore enregistrée pour {label} : vous les indiquerez à l'import.
        </p>
      )}
      {saved && canChange ? (
        <Button variant="outline" size="sm" onClick={onChange}>
          Modifier les colonnes
        </Button>
      ) : null}
    </div>
  );
}
