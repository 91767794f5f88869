import {
  type ComponentProps,
  cloneElement,
  createContext,
  type FocusEvent,
  isValidElement,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { networkErrorMessage } from "../lib/api-client";
import { Button, type ButtonProps } from "./button";
import type { DialogProps } from "./dialog-props";
import { toast } from "./toast";

// Radix (about 10 KiB gzipped) is in ./dialog-content, loaded only when a dialog is about to
// open: a page that merely holds a dialog does not load it on its first load. The props both
// read are in ./dialog-props, so that the content never imports this module back.

type DialogContentModule = typeof import("./dialog-content");
let contentModule: Promise<DialogContentModule> | undefined;
/** The loaded module, once there: later dialogs open without waiting. */
let loadedModule: DialogContentModule | undefined;

/**
 * Starts loading the dialog's code (Radix), once: called when the user reaches for a trigger
 * (hover, focus, press), so that the click rarely waits for it.
 */
export function preloadDialog(): Promise<DialogContentModule> {
  contentModule ??= import("./dialog-content").then(
    (loaded) => {
      loadedModule = loaded;
      return loaded;
    },
    (error: unknown) => {
      // Offline: the next reach tries again.
      contentModule = undefined;
      throw error;
    },
  );
  return contentModule;
}

/** What DialogClose and DialogActions' 'Annuler' call: the dialog's onOpenChange(false). */
const DialogContext = createContext<{ close: () => void }>({ close: () => {} });

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  "aria-haspopup"?: "dialog";
  "aria-expanded"?: boolean;
};

/**
 * A modal dialog: focus is trapped inside, Escape and the close button close it, and focus goes
 * back to what opened it. Until it first opens, only its trigger is rendered (Radix is not loaded).
 */
export function Dialog({ trigger, ...props }: DialogProps) {
  const { open, onOpenChange } = props;
  const [module, setModule] = useState(loadedModule);
  // Asked to open before the code is there: load it. If it cannot come (offline on a phone),
  // the dialog stays closed with the network message, and the next try loads it again.
  useEffect(() => {
    if (!open || module) return;
    let current = true;
    preloadDialog().then(
      (loaded) => {
        if (current) setModule(loaded);
      },
      () => {
        if (!current) return;
        toast.error(networkErrorMessage);
        onOpenChange(false);
      },
    );
    return () => {
      current = false;
    };
  }, [open, module, onOpenChange]);
  const context = useMemo(() => ({ close: () => onOpenChange(false) }), [onOpenChange]);
  const Content = module?.DialogContent;
  return (
    <>
      {isValidElement<TriggerProps>(trigger) ? (
        <DialogTrigger trigger={trigger} {...props} />
      ) : null}
      {/* Once loaded, the content stays mounted: Radix gives the focus back when it closes. */}
      {Content ? (
        <DialogContext value={context}>
          <Content {...props} />
        </DialogContext>
      ) : null}
    </>
  );
}

/** A trigger's own handler, then the dialog's code starts loading (a failure waits for the click). */
function reaching<E>(own: ((event: E) => void) | undefined) {
  return (event: E) => {
    own?.(event);
    void preloadDialog().catch(() => {});
  };
}

/** The trigger, as a Radix trigger would be: it opens the dialog and says so. */
function DialogTrigger({
  trigger,
  open,
  onOpenChange,
}: { trigger: ReactElement<TriggerProps> } & Pick<DialogProps, "open" | "onOpenChange">) {
  const own = trigger.props;
  return cloneElement(trigger, {
    "aria-haspopup": "dialog",
    "aria-expanded": open,
    onClick: (event) => {
      own.onClick?.(event);
      if (!event.defaultPrevented) onOpenChange(true);
    },
    onPointerEnter: reaching(own.onPointerEnter),
    onPointerDown: reaching(own.onPointerDown),
    onFocus: reaching(own.onFocus),
  });
}

/** Closes the surrounding dialog (for an "Annuler" button); `asChild` lends the behaviour to its child. */
export function DialogClose({
  asChild = false,
  children,
  onClick,
  ...props
}: ComponentProps<"button"> & { asChild?: boolean }) {
  const { close } = useContext(DialogContext);
  function handle(event: MouseEvent<HTMLButtonElement>) {
    onClick?.(event);
    if (!event.defaultPrevented) close();
  }
  if (asChild && isValidElement<ComponentProps<"button">>(children)) {
    const own = children.props;
    return cloneElement(children, {
      ...props,
      onClick: (event: MouseEvent<HTMLButtonElement>) => {
        own.onClick?.(event);
        if (!event.defaultPrevented) handle(event);
      },
    });
  }
  return (
    <button type="button" {...props} onClick={handle}>
      {children}
    </button>
  );
}

/**
 * The action row of a dialog: 'Annuler', which closes it, and the action's button, which shows
 * its progress. Both wait while the action is on its way: its outcome must be seen.
 */
export function DialogActions({
  pending,
  children,
  ...action
}: { pending: boolean; children: ReactNode } & Omit<ButtonProps, "loading" | "children">) {
  return (
    <>
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          Annuler
        </Button>
      </DialogClose>
      <Button {...action} loading={pending}>
        {children}
      </Button>
    </>
  );
}

/**
 * The open state of a dialog that runs one mutation: closing is refused while the mutation is on
 * its way (its outcome must be seen), and opening starts afresh (`onOpen` resets the form).
 */
export function useMutationDialog(mutation: { isPending: boolean }, onOpen?: () => void) {
  const [open, setOpen] = useState(false);
  function onOpenChange(next: boolean) {
    if (!next && mutation.isPending) return;
    if (next) onOpen?.();
    setOpen(next);
  }
  return { open, setOpen, onOpenChange };
}
