import type { ComponentProps } from "react";
import { cx } from "./class-names";
import { controlBorder, controlClasses, type FieldBaseProps, LabelledField } from "./field";

export type SelectOption = {
  value: string;
  label: string;
  disabled?: boolean;
  /** Options sharing a group are shown under its name (an optgroup), in the order given. */
  group?: string;
};

/** Consecutive options of one group together; options without a group stand alone. */
function groupOptions(options: readonly SelectOption[]) {
  const runs: { group: string | undefined; options: SelectOption[] }[] = [];
  for (const option of options) {
    const last = runs[runs.length - 1];
    if (last && last.group === option.group) last.options.push(option);
    else runs.push({ group: option.group, options: [option] });
  }
  return runs;
}

function Options({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value} disabled={option.disabled}>
      {option.label}
    </option>
  ));
}

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
          {groupOptions(options).map((run) =>
            run.group === undefined ? (
              <Options key={run.options[0]?.value} options={run.options} />
            ) : (
              <optgroup key={run.group} label={run.group}>
                <Options options={run.options} />
              </optgroup>
            ),
          )}
        </select>
      )}
    </LabelledField>
  );
}
