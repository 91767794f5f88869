import type { ComponentProps, ReactNode } from "react";
import { cx } from "./class-names";

export function Card({ className, ...props }: ComponentProps<"section">) {
  return (
    <section
      className={cx("rounded-xl border border-slate-200 bg-white shadow-xs", className)}
      {...props}
    />
  );
}

/** A card's heading row: a title (h2 by default), an optional description and actions. */
export function CardHeader({
  title,
  description,
  actions,
  as: Heading = "h2",
  id,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  as?: "h2" | "h3";
  id?: string;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
      <div className="min-w-0">
        <Heading id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </Heading>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx("px-5 py-5", className)} {...props} />;
}
