import type { InstallmentJson } from "../../../../domain/api/servicing";
import { Card, CardHeader } from "../../../components/card";
import { InstallmentList } from "../../loans-shared/installment-list";

/** 'Échéancier': every installment of the client's loan. */
export function ScheduleCard({ installments }: { installments: readonly InstallmentJson[] }) {
  const plural = installments.length > 1 ? "s" : "";
  return (
    <Card aria-labelledby="schedule-title">
      <CardHeader
        id="schedule-title"
        title="Échéancier"
        description={`${installments.length} échéance${plural} mensuelle${plural}.`}
      />
      <InstallmentList installments={installments} />
    </Card>
  );
}
