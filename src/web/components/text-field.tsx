import type { ComponentProps } from "react";
import { cx } from "./class-names";
import { controlBorder, controlClasses, type FieldBaseProps, LabelledField } from "./field";

type TextFieldProps = Omit<ComponentProps<"input">, "className"> & FieldBaseProps;

/** A labelled text input; pass useFieldsForm's text(name) straight in. */
export function TextField({
  label,
  hint,
  error,
  required,
  className,
  id,
  ...props
}: TextFieldProps) {
  return (
    <LabelledField {...{ label, hint, error, required, className, id }}>
      {(control) => (
        <input
          type="text"
          className={cx(controlClasses, controlBorder(error))}
          {...control}
          {...props}
        />
      )}
    </LabelledField>
  );
}
