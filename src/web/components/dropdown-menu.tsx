import * as RadixMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";
import { cx } from "./class-names";

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;

export function DropdownMenuContent({
  children,
  align = "end",
  label,
}: {
  children: ReactNode;
  align?: "start" | "center" | "end";
  /** An optional heading inside the menu (the signed-in e-mail, for instance). */
  label?: ReactNode;
}) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        align={align}
        sideOffset={6}
        className="z-50 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        {label ? (
          <RadixMenu.Label className="truncate px-3 py-2 text-xs text-slate-500">
            {label}
          </RadixMenu.Label>
        ) : null}
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  );
}

export function DropdownMenuItem({
  children,
  onSelect,
  danger = false,
  asChild,
}: {
  children: ReactNode;
  onSelect?: (event: Event) => void;
  danger?: boolean;
  asChild?: boolean;
}) {
  return (
    <RadixMenu.Item
      asChild={asChild}
      onSelect={onSelect}
      className={cx(
        "flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm outline-none select-none",
        "data-highlighted:bg-slate-100",
        danger ? "text-red-700" : "text-slate-800",
      )}
    >
      {children}
    </RadixMenu.Item>
  );
}

export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className="my-1 h-px bg-slate-100" />;
}
