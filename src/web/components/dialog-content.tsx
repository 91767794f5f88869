// The Radix part of components/dialog.tsx, loaded (React.lazy) only when a dialog is about to
// open: a page that merely holds a dialog does not load Radix on its first load.
import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useRef } from "react";
import { cx } from "./class-names";
import type { DialogProps, DialogSize } from "./dialog-props";

const sizes: Record<DialogSize, string> = {
  sm: "sm:max-w-sm",
  md: "sm:max-w-md",
  lg: "sm:max-w-lg",
  xl: "sm:max-w-xl",
  "2xl": "sm:max-w-2xl",
  "3xl": "sm:max-w-3xl",
  "4xl": "sm:max-w-4xl",
  "5xl": "sm:max-w-5xl",
  full: "sm:max-w-[calc(100vw-2rem)]",
};

/**
 * The open dialog (and, once opened, the closed one: Radix gives the focus back on closing). The
 * trigger stays with components/dialog.tsx, so it is the same element before and after this
 * module arrives.
 */
export function DialogContent({
  open,
  onOpenChange,
  title,
  description,
  size = "md",
  children,
  footer,
}: Omit<DialogProps, "trigger">) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          className={cx(
            "fixed inset-x-0 bottom-0 z-50 flex max-h-[90vh] w-full flex-col rounded-t-2xl bg-white shadow-xl",
            "sm:inset-auto sm:top-1/2 sm:left-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl",
            sizes[size],
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={() => {
            // Called before focus moves in: the active element is what opened the dialog.
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus(opener.current);
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close className="-m-1 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Fermer</span>
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 px-5 py-4">
              {footer}
            </div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Focus goes back to what opened the dialog, unless the page has already moved it. When the dialog's own action has just disabled or
 * removed it ('Mettre en cours' once the request is in review), it goes to the page's title, so
 * that a keyboard or screen-reader user stays on the page instead of restarting at its top. The
 * page shows the action's outcome once its data has been read again, which may come a moment
 * after the dialog has closed: the opener is watched for that moment.
 */
function returnFocus(opener: HTMLElement | null) {
  const toHeading = () => {
    const heading = document.querySelector<HTMLElement>("main h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  };
  requestAnimationFrame(() => {
    // The page may already have put the focus somewhere on purpose (a list's heading after a
    // deletion): leave it there.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    if (!opener?.isConnected || opener.matches(":disabled")) {
      toHeading();
      return;
    }
    opener.focus();
    const watch = new MutationObserver(() => {
      if (document.activeElement !== opener && document.activeElement !== document.body) {
        watch.disconnect();
        return;
      }
      if (!opener.isConnected || opener.matches(":disabled")) {
        watch.disconnect();
        toHeading();
      }
    });
    watch.observe(document.body, { subtree: true, childList: true, attributes: true });
    setTimeout(() => watch.disconnect(), 3000);
  });
}
