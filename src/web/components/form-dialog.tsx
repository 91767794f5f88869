import { type FormEvent, type ReactElement, type ReactNode, useId } from "react";
import { ApiRequestError } from "../lib/api-client";
import { useSingleSubmit } from "../lib/use-single-submit";
import type { ButtonProps } from "./button";
import { Dialog, DialogActions, useMutationDialog } from "./dialog";
import type { DialogSize } from "./dialog-props";

type FormDialogProps = {
  /** The button that opens it; focus returns to it when the dialog closes. */
  trigger: ReactElement;
  title: ReactNode;
  description?: ReactNode;
  size?: DialogSize;
  /** The action's button ('Ajouter', 'Envoyer la demande'…). */
  submitLabel: ReactNode;
  variant?: ButtonProps["variant"];
  /** The mutation the form runs: while it is on its way the dialog stays open. */
  mutation: { isPending: boolean };
  /** Called as the dialog opens: the form starts afresh. */
  onOpen: () => void;
  /**
   * Checks the form and sends it. `false`: the form shows what to fix and the dialog stays open;
   * `true`: done, the dialog closes. A thrown error is handled below.
   */
  send: () => Promise<boolean>;
  /** The server refused the input (400): the dialog stays open and shows it on its fields. */
  onRefused: (error: ApiRequestError) => void;
  /** Anything else (409, 403, the network): the dialog closes and the page shows it. */
  onFailure: (error: unknown) => void;
  className?: string;
  /** The id of the form's error message, when it shows one. */
  describedBy?: string | undefined;
  /** The form's fields: usually one textarea, with its error. */
  children: ReactNode;
};

/**
 * The officers' dialogs that send one form (a note, a request for complements, a verdict on a
 * document, a status change, an approval sent back): checked in the browser with the route's own
 * schema, sent once at a time, refusals of the input shown in the form, other failures handed to
 * the page. Each dialog keeps only its fields and what it sends.
 */
export function FormDialog({
  trigger,
  title,
  description,
  size,
  submitLabel,
  variant,
  mutation,
  onOpen,
  send,
  onRefused,
  onFailure,
  className,
  describedBy,
  children,
}: FormDialogProps) {
  const formId = useId();
  const { open, setOpen, onOpenChange } = useMutationDialog(mutation, onOpen);
  const single = useSingleSubmit();

  async function submit(_event: FormEvent) {
    try {
      if (await send()) setOpen(false);
    } catch (error) {
      // Input errors are the officer's to fix here; anything else is the page's to show.
      if (error instanceof ApiRequestError && error.status === 400) {
        onRefused(error);
        return;
      }
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
      size={size}
      footer={
        <DialogActions pending={mutation.isPending} type="submit" form={formId} variant={variant}>
          {submitLabel}
        </DialogActions>
      }
    >
      <form
        id={formId}
        onSubmit={single(submit)}
        noValidate
        className={className}
        aria-describedby={describedBy}
      >
        {children}
      </form>
    </Dialog>
  );
}
