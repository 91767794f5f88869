import type { AdminLoanJson } from "../../../../domain/api/admin-loans";
import type { AdminLoanAccountJson } from "../../../../domain/api/servicing";
import { Badge } from "../../../components/badge";
import { useAuth } from "../../../lib/auth/auth-provider";
import { ContractCard } from "./contract-card";
import { DisbursementCard } from "./disbursement-card";
import { PaymentsCard } from "./payments-card";
import { ScheduleCard } from "./schedule-card";
import { canRecordPayment, contractActions, disbursementStep } from "./servicing-rules";

type ServicingSectionProps = {
  loan: AdminLoanJson;
  account: AdminLoanAccountJson;
  /** A step refused or failed (409, 403, the network): the page's banner says why. */
  onFailure: (error: unknown) => void;
  /** A step went through: the page clears its banner. */
  onDone: () => void;
};

/**
 * After the decision (issue 28), on the officers' request page: the contract and its signature,
 * the disbursement, then the schedule and the payments once the money is out. Each card offers
 * only the steps the server would take now (servicing-rules.ts).
 */
export function ServicingSection({ loan, account, onFailure, onDone }: ServicingSectionProps) {
  const { user } = useAuth();
  const step = disbursementStep(account, user?.id);
  const approvedAmount = account.contract?.amount ?? loan.approvedAmount ?? loan.amount;
  const common = { loanId: loan.id, onFailure, onDone };
  return (
    <div className="space-y-6">
      {account.stageLabel ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Suivi du prêt :
          <Badge tone={account.stage === "repaid" ? "success" : "info"}>{account.stageLabel}</Badge>
        </p>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ContractCard
          {...common}
          contract={account.contract}
          history={account.contractHistory}
          actions={contractActions(loan.status, account)}
        />
        <DisbursementCard
          {...common}
          step={step}
          disbursement={account.disbursement}
          approvedAmount={approvedAmount}
          secondOfficerAbove={account.secondOfficerAbove}
        />
      </div>
      {account.installments.length > 0 ? (
        <>
          <ScheduleCard
            installments={account.installments}
            remainingBalance={account.remainingBalance}
            outstandingPrincipal={account.outstandingPrincipal}
            nextPayment={account.nextPayment}
            stageLabel={account.stageLabel}
            repaid={account.stage === "repaid"}
          />
          <PaymentsCard
            {...common}
            payments={account.payments}
            canRecord={canRecordPayment(account)}
            suggestedAmount={account.nextPayment?.amount ?? null}
          />
        </>
      ) : null}
    </div>
  );
}
