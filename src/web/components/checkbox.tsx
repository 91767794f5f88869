import type { ComponentProps, ReactNode } from "react";
import { cx } from "./class-names";
import { FieldMessages, useFieldIds } from "./field";

type CheckboxProps = Omit<ComponentProps<"input">, "className" | "type"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
};

export function Checkbox({ label, hint, error, className, id: idProp, ...props }: CheckboxProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(idProp, hint, error);
  return (
    <div className={cx("min-w-0", className)}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          {...props}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <div className="pl-8">
        <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
      </div>
    </div>
  );
}
