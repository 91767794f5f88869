import type { ReactNode } from "react";

// What components/dialog.tsx and its lazily loaded content (dialog-content.tsx) both read: kept
// apart so that neither imports the other back.

export type DialogSize = "sm" | "md" | "lg" | "xl" | "2xl" | "3xl" | "4xl" | "5xl" | "full";

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Width from sm to 5xl, or full; md by default (spec). */
  size?: DialogSize;
  children?: ReactNode;
  /** The action row (Annuler / Confirmer). */
  footer?: ReactNode;
  /** An optional element that opens the dialog. */
  trigger?: ReactNode;
};
