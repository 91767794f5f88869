import type { ReactElement } from "react";
import { servicingOfficerMessages } from "../../../../domain/api/servicing-officer";
import { ActionDialog } from "../../../components/action-dialog";
import { TextFormDialog } from "../../../components/text-form-dialog";
import { toast } from "../../../components/toast";
import { lazySchema } from "../../../lib/lazy-zod";
import { usePrepareContract, useWithdrawContract } from "../api/loan-servicing";

const withdrawSchema = lazySchema(() =>
  import("../../../../domain/api/servicing.schema").then((m) => m.contractWithdrawSchema),
);

type DialogProps = {
  loanId: number;
  trigger: ReactElement;
  /** The server refused (409: signed meanwhile, another officer acted): the page shows it. */
  onFailure: (error: unknown) => void;
  onDone: () => void;
};

/** Withdraws the unsigned contract, saying why: the client can no longer sign it (journaled). */
export function WithdrawContractDialog({ loanId, trigger, onFailure, onDone }: DialogProps) {
  const mutation = useWithdrawContract(loanId);
  return (
    <TextFormDialog
      trigger={trigger}
      title="Retirer le contrat"
      description="Le client ne pourra plus signer ce contrat. Le motif apparaîtra dans l'historique."
      submitLabel="Retirer le contrat"
      variant="danger"
      mutation={mutation}
      field="reason"
      label="Motif du retrait"
      maxLength={2000}
      schema={withdrawSchema}
      submit={async (body) => {
        await mutation.mutateAsync(body as { reason: string });
        onDone();
        toast.success(servicingOfficerMessages.contractWithdrawn);
      }}
      onFailure={onFailure}
    />
  );
}

/** Prepares a new contract from the approved terms; the client is invited to sign it. */
export function PrepareContractDialog({ loanId, trigger, onFailure, onDone }: DialogProps) {
  const mutation = usePrepareContract(loanId);
  return (
    <ActionDialog
      trigger={trigger}
      title="Préparer un nouveau contrat"
      description="Le contrat reprend les conditions approuvées ; le client est informé par e-mail et SMS."
      actionLabel="Préparer le contrat"
      mutation={mutation}
      run={() => mutation.mutateAsync(undefined)}
      onDone={() => {
        onDone();
        toast.success(servicingOfficerMessages.contractPrepared);
      }}
      onFailure={onFailure}
    >
      <p className="text-sm text-slate-700">
        Il restera à signer pendant sa durée de validité, comme le précédent.
      </p>
    </ActionDialog>
  );
}
