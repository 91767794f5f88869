import { Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "./class-names";

/** What a list shows when it has nothing yet ('Vous n'avez encore aucun document.'). */
export function EmptyState({
  title,
  description,
  action,
  icon,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cx(
        "flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center",
        className,
      )}
    >
      <div className="text-slate-400">
        {icon ?? <Inbox aria-hidden="true" className="size-10" />}
      </div>
      <p className="mt-3 font-medium text-slate-800">{title}</p>
      {description ? <p className="mt-1 max-w-md text-sm text-slate-600">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
