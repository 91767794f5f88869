import { AlertCircle, CheckCircle2, Info, TriangleAlert, X } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "./class-names";

export type AlertTone = "error" | "success" | "info" | "warning";

const tones: Record<AlertTone, { box: string; Icon: typeof Info }> = {
  error: { box: "border-red-300 bg-red-50 text-red-900", Icon: AlertCircle },
  success: { box: "border-emerald-300 bg-emerald-50 text-emerald-900", Icon: CheckCircle2 },
  info: { box: "border-brand-200 bg-brand-50 text-brand-900", Icon: Info },
  warning: { box: "border-amber-300 bg-amber-50 text-amber-900", Icon: TriangleAlert },
};

type AlertProps = {
  tone?: AlertTone;
  title?: ReactNode;
  children: ReactNode;
  /** Shows a close button (the spec's dismissible red banners). */
  onDismiss?: () => void;
  className?: string;
};

/**
 * A message banner. Errors are announced at once (role=alert); other tones politely
 * (role=status).
 */
export function Alert({ tone = "error", title, children, onDismiss, className }: AlertProps) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cx("flex items-start gap-3 rounded-lg border px-4 py-3 text-sm", box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div className={cx(title ? "mt-1" : undefined, "break-words")}>{children}</div>
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className="-m-1.5 rounded-md p-1.5 hover:bg-black/5"
          aria-label="Fermer le message"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
