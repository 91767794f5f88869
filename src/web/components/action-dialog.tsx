import type { ReactElement, ReactNode } from "react";
import { Dialog, DialogActions, useMutationDialog } from "./dialog";

/**
 * The officers' dialogs that confirm one action without a form (confirm an approval or a
 * disbursement, prepare a contract): the action runs once at a time; done, the dialog closes and
 * `onDone` tells the page; refused, it closes and the page shows the failure.
 */
export function ActionDialog({
  trigger,
  title,
  description,
  actionLabel,
  mutation,
  run,
  onDone,
  onFailure,
  children,
}: {
  trigger: ReactElement;
  title: ReactNode;
  description?: ReactNode;
  actionLabel: ReactNode;
  mutation: { isPending: boolean };
  /** The action (usually the mutation's mutateAsync). */
  run: () => Promise<unknown>;
  onDone: () => void;
  onFailure: (error: unknown) => void;
  children: ReactNode;
}) {
  const { open, setOpen, onOpenChange } = useMutationDialog(mutation);

  async function act() {
    if (mutation.isPending) return;
    try {
      await run();
      setOpen(false);
      onDone();
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
      title={title}
      description={description}
      footer={
        <DialogActions pending={mutation.isPending} onClick={() => void act()}>
          {actionLabel}
        </DialogActions>
      }
    >
      {children}
    </Dialog>
  );
}
