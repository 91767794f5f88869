import { type ReactElement, useId, useState } from "react";
import { type AdminLoanJson, adminLoanMessages } from "../../../../domain/api/admin-loans";
import { Checkbox } from "../../../components/checkbox";
import { Dialog, DialogActions, useMutationDialog } from "../../../components/dialog";
import { SelectField } from "../../../components/select-field";
import { ApiRequestError } from "../../../lib/api-client";
import type { User } from "../../../lib/auth/user";
import { lazySchema } from "../../../lib/lazy-zod";
import { useSingleSubmit } from "../../../lib/use-single-submit";
import { useAssignLoan } from "../api/assign-loan";
import { assignOptions } from "./assign-options";

const assignSchema = lazySchema(() =>
  import("../../../../domain/api/admin-loans.schema").then((m) => m.loanAssignSchema),
);

type AssignDialogProps = {
  loan: AdminLoanJson;
  /** The officers who may take it (the page's data). */
  administrators: readonly User[];
  trigger: ReactElement;
  onSuccess: (loan: AdminLoanJson) => void;
  onFailure: (error: unknown) => void;
};

/** Picks the officer in charge among the real administrators, or removes the assignment. */
export function AssignDialog({
  loan,
  administrators,
  trigger,
  onSuccess,
  onFailure,
}: AssignDialogProps) {
  const [assigneeId, setAssigneeId] = useState(loan.assignee?.id ?? "");
  const [remove, setRemove] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const mutation = useAssignLoan();
  const formId = useId();
  const { open, setOpen, onOpenChange } = useMutationDialog(mutation, () => {
    assignSchema.preload();
    setAssigneeId(loan.assignee?.id ?? "");
    setRemove(false);
    setError(undefined);
  });

  const single = useSingleSubmit();
  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    const input = { assigneeId: remove ? null : assigneeId };
    const parsed = await assignSchema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const updated = await mutation.mutateAsync({ id: loan.id, input });
      setOpen(false);
      onSuccess(updated);
    } catch (cause) {
      if (cause instanceof ApiRequestError && cause.status === 400) {
        setError(cause.fields?.assigneeId ?? cause.message);
        return;
      }
      setOpen(false);
      onFailure(cause);
    }
  }

  const options = assignOptions(administrators, loan.office);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={loan.assignee ? "Réassigner la demande" : "Assigner la demande"}
      description="Choisissez l'administrateur chargé de cette demande."
      footer={
        <DialogActions pending={mutation.isPending} type="submit" form={formId}>
          Confirmer
        </DialogActions>
      }
    >
      <form id={formId} onSubmit={single(confirm)} noValidate className="space-y-4">
        <SelectField
          label="Administrateur"
          placeholder="Sélectionnez un administrateur"
          options={options}
          value={assigneeId}
          disabled={remove}
          onChange={(event) => {
            setAssigneeId(event.target.value);
            setError(undefined);
          }}
          error={remove ? undefined : error}
        />
        {loan.assignee ? (
          <Checkbox
            label={adminLoanMessages.removeAssignment}
            checked={remove}
            onChange={(event) => {
              setRemove(event.target.checked);
              setError(undefined);
            }}
          />
        ) : null}
      </form>
    </Dialog>
  );
}
