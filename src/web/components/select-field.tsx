import type { ComponentProps } from "react";
import { cx } from "./class-names";
import { controlBorder, controlClasses, type FieldBaseProps, LabelledField } from "./field";

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
  id,
  options,
  placeholder,
  ...props
}: SelectFieldProps) {
  return (
    <LabelledField {...{ label, hint, error, required, className, id }}>
      {(control) => (
        <select
          className={cx(controlClasses, controlBorder(error), "pr-8")}
          {...control}
          {...props}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
