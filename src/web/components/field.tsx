import { type ReactNode, useId } from "react";
import { cx } from "./class-names";

export type FieldBaseProps = {
  label: ReactNode;
  /** Help shown under the field, linked to it by aria-describedby. */
  hint?: ReactNode;
  /** The validation message: marks the control invalid and is announced. */
  error?: string;
  /** Shows a required marker and sets aria-required (forms validate with zod, not the browser). */
  required?: boolean;
  className?: string;
};

export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
};

export const controlClasses =
  "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs " +
  "placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500 " +
  "disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 " +
  "read-only:bg-slate-50 read-only:text-slate-600";

export function controlBorder(error: string | undefined): string {
  return error ? "border-red-600" : "border-slate-300";
}

/** Wires a label, a hint and an error message to one form control. */
export function useFieldIds(
  idProp: string | undefined,
  hint: ReactNode,
  error: string | undefined,
) {
  const generated = useId();
  const id = idProp ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return { id, hintId, errorId, describedBy };
}

export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  // The marker sits outside the label so the field's accessible name stays exactly its label;
  // aria-required says it to assistive technologies.
  return (
    <div className="mb-1.5 text-sm font-medium text-slate-800">
      <label htmlFor={htmlFor}>{children}</label>
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      ) : null}
    </div>
  );
}

export function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string;
  error?: string;
  errorId?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function FieldShell({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx("min-w-0", className)}>{children}</div>;
}

/**
 * A label, a control and its messages, wired once: the control receives its id and ARIA
 * attributes from `children`. Every labelled field of the design system is built on it.
 */
export function LabelledField({
  label,
  hint,
  error,
  required,
  className,
  id: idProp,
  children,
}: FieldBaseProps & { id?: string; children: (control: FieldControlProps) => ReactNode }) {
  const { id, hintId, errorId, describedBy } = useFieldIds(idProp, hint, error);
  return (
    <FieldShell className={className}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        "aria-required": required || undefined,
      })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </FieldShell>
  );
}
