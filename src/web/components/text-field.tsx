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

type TextFieldProps = Omit<ComponentProps<"input">, "className"> & FieldBaseProps;

/** A labelled text input; pass react-hook-form's register(...) straight in. */
export function TextField({
  label,
  hint,
  error,
  required,
  className,
  id: idProp,
  ...props
}: TextFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(idProp, hint, error);
  return (
    <FieldShell className={className}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <input
        id={id}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={cx(controlClasses, controlBorder(error))}
        {...props}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </FieldShell>
  );
}
