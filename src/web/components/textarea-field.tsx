import type { ComponentProps } from "react";
import { cx } from "./class-names";
import {
  controlBorder,
  controlClasses,
  type FieldBaseProps,
  FieldLabel,
  FieldMessages,
  FieldShell,
  useFieldIds,
} from "./field";

type TextareaFieldProps = Omit<ComponentProps<"textarea">, "className"> & FieldBaseProps;

export function TextareaField({
  label,
  hint,
  error,
  required,
  className,
  id: idProp,
  rows = 4,
  ...props
}: TextareaFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(idProp, hint, error);
  return (
    <FieldShell className={className}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={cx(controlClasses, controlBorder(error), "resize-y")}
        {...props}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </FieldShell>
  );
}
