import type { ComponentProps } from "react";
import { cx } from "./class-names";
import { controlBorder, controlClasses, type FieldBaseProps, LabelledField } from "./field";

type TextareaFieldProps = Omit<ComponentProps<"textarea">, "className"> & FieldBaseProps;

export function TextareaField({
  label,
  hint,
  error,
  required,
  className,
  id,
  rows = 4,
  ...props
}: TextareaFieldProps) {
  return (
    <LabelledField {...{ label, hint, error, required, className, id }}>
      {(control) => (
        <textarea
          rows={rows}
          className={cx(controlClasses, controlBorder(error), "resize-y")}
          {...control}
          {...props}
        />
      )}
    </LabelledField>
  );
}
