import type { LoanAccountJson } from "../../../../domain/api/servicing";
import { ContractCard } from "./contract-card";
import { HowToPayCard } from "./how-to-pay-card";
import { PaymentsCard } from "./payments-card";
import { RepaymentSummaryCard } from "./repayment-summary-card";
import { ScheduleCard } from "./schedule-card";

/**
 * A request after its approval, as the client follows it (issue 28): the contract to read and
 * sign, then, once the money is paid out, what is left to repay, how to pay, the schedule and the
 * payments received. What asks for the client's action comes first: an unsigned contract, then
 * the next payment.
 */
export function LoanServicingPanel({ account }: { account: LoanAccountJson }) {
  const contract = account.contract ? (
    <ContractCard
      loanId={account.loanId}
      contract={account.contract}
      disbursement={account.disbursement}
    />
  ) : null;
  const repaying = account.installments.length > 0;
  if (!repaying) return contract;
  return (
    <div className="space-y-6">
      <RepaymentSummaryCard
        loanId={account.loanId}
        remainingBalance={account.remainingBalance}
        nextPayment={account.nextPayment}
        stageLabel={account.stageLabel}
        certificateAvailable={account.certificateAvailable}
      />
      {account.nextPayment ? <HowToPayCard instructions={account.paymentInstructions} /> : null}
      <ScheduleCard installments={account.installments} />
      <PaymentsCard payments={account.payments} />
      {contract}
    </div>
  );
}
