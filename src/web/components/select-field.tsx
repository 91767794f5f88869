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

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectFieldProps = Omit<ComponentProps<"select">, "className" | "children"> &
  FieldBaseProps & {
    options: readonly SelectOption[];
    /** A first, empty choice such as "Sélectionnez un type". */
    placeholder?: string;
  };

/** A labelled native select: the phone's own picker is the most usable on small screens. */
export function SelectField({
  label,
  hint,
  error,
  required,
  className,
  id: idProp,
  options,
  placeholder,
  ...props
}: SelectFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(idProp, hint, error);
  return (
    <FieldShell className={className}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={cx(controlClasses, controlBorder(error), "pr-8")}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </FieldShell>
  );
}
