import type { ReactNode } from "react";
import { type LoanStatus, loanStatusLabels } from "../../domain/loan-status";
import { cx } from "./class-names";

export type BadgeTone = "neutral" | "info" | "warning" | "action" | "success" | "danger" | "brand";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  info: "bg-sky-50 text-sky-800 ring-sky-200",
  warning: "bg-amber-50 text-amber-800 ring-amber-200",
  action: "bg-orange-50 text-orange-800 ring-orange-300",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  danger: "bg-red-50 text-red-800 ring-red-200",
  brand: "bg-brand-50 text-brand-800 ring-brand-200",
};

export function Badge({
  tone = "neutral",
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cx(
        "inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

const statusTones: Record<LoanStatus, BadgeTone> = {
  pending: "warning",
  in_review: "info",
  info_requested: "action",
  approved: "success",
  rejected: "danger",
  completed: "neutral",
};

/** A loan request's status in words (never by colour alone). */
export function LoanStatusBadge({ status, className }: { status: LoanStatus; className?: string }) {
  return (
    <Badge tone={statusTones[status]} className={className}>
      {loanStatusLabels[status]}
    </Badge>
  );
}
