import { type ReactElement, useState } from "react";
import { servicingOfficerMessages } from "../../../../domain/api/servicing-officer";
import { Dialog, DialogActions, useMutationDialog } from "../../../components/dialog";
import { FormDialog } from "../../../components/form-dialog";
import { TextareaField } from "../../../components/textarea-field";
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
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const mutation = useWithdrawContract(loanId);

  async function send() {
    const parsed = await withdrawSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return false;
    }
    await mutation.mutateAsync({ reason });
    onDone();
    toast.success(servicingOfficerMessages.contractWithdrawn);
    return true;
  }

  return (
    <FormDialog
      trigger={trigger}
      title="Retirer le contrat"
      description="Le client ne pourra plus signer ce contrat. Le motif apparaîtra dans l'historique."
      submitLabel="Retirer le contrat"
      variant="danger"
      mutation={mutation}
      onOpen={() => {
        withdrawSchema.preload();
        setReason("");
        setError(undefined);
      }}
      send={send}
      onRefused={(refusal) => setError(refusal.fields?.reason ?? refusal.message)}
      onFailure={onFailure}
    >
      <TextareaField
        label="Motif du retrait"
        rows={4}
        value={reason}
        maxLength={2000}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
        error={error}
        required
      />
    </FormDialog>
  );
}

/** Prepares a new contract from the approved terms; the client is invited to sign it. */
export function PrepareContractDialog({ loanId, trigger, onFailure, onDone }: DialogProps) {
  const mutation = usePrepareContract(loanId);
  const { open, setOpen, onOpenChange } = useMutationDialog(mutation);

  async function prepare() {
    if (mutation.isPending) return;
    try {
      await mutation.mutateAsync(undefined);
      setOpen(false);
      onDone();
      toast.success(servicingOfficerMessages.contractPrepared);
    } catch (error) {
      setOpen(false);
      onFailure(error);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Préparer un nouveau contrat"
      description="Le contrat reprend les conditions approuvées ; le client est informé par e-mail et SMS."
      footer={
        <DialogActions pending={mutation.isPending} onClick={() => void prepare()}>
          Préparer le contrat
        </DialogActions>
      }
    >
      <p className="text-sm text-slate-700">
        Il restera à signer pendant sa durée de validité, comme le précédent.
      </p>
    </Dialog>
  );
}
