import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { cx } from "./class-names";
import { controlBorder, controlClasses, type FieldBaseProps, LabelledField } from "./field";

type PasswordFieldProps = Omit<ComponentProps<"input">, "className" | "type"> & FieldBaseProps;

/** A password input with a show / hide toggle (typing on a phone keyboard is error-prone). */
export function PasswordField({
  label,
  hint,
  error,
  required,
  className,
  id,
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <LabelledField {...{ label, hint, error, required, className, id }}>
      {(control) => (
        <div className="relative">
          <input
            type={visible ? "text" : "password"}
            className={cx(controlClasses, controlBorder(error), "pr-12")}
            {...control}
            {...props}
          />
          <button
            type="button"
            onClick={() => setVisible((value) => !value)}
            aria-controls={control.id}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
            <span className="sr-only">Afficher le mot de passe</span>
          </button>
        </div>
      )}
    </LabelledField>
  );
}
