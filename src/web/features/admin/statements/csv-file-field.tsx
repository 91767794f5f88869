import type { ComponentProps } from "react";
import { cx } from "../../../components/class-names";
import { controlBorder, LabelledField } from "../../../components/field";

/**
 * The statement's file: a native file input, labelled, its hint and error tied to it. Native: the
 * phone's and the desktop's own pickers, the keyboard and screen readers all know it.
 */
export function CsvFileField({
  error,
  read,
  ...props
}: Omit<ComponentProps<"input">, "type" | "className"> & {
  error?: string;
  /** The file once read: its columns are said, so the officer sees it is the right one. */
  read: { name: string; header: readonly string[] } | null;
}) {
  return (
    <LabelledField
      label="Fichier du relevé (CSV)"
      hint={
        read ? (
          // A column's name can be long and without a space: it wraps rather than widen the page.
          <span className="[overflow-wrap:anywhere]">
            « {read.name} » : {read.header.length} colonne{read.header.length > 1 ? "s" : ""} (
            {read.header.join(", ")}).
          </span>
        ) : (
          "2 Mo au plus ; la première ligne nomme les colonnes."
        )
      }
      error={error}
      required
    >
      {(control) => (
        <input
          type="file"
          accept=".csv,text/csv"
          className={cx(
            "block w-full min-w-0 rounded-lg border bg-white text-sm text-slate-700",
            "file:mr-3 file:min-h-11 file:border-0 file:border-r file:border-slate-300 file:bg-slate-50 file:px-4 file:font-semibold file:text-slate-800",
            "focus:outline-2 focus:outline-offset-0 focus:outline-brand-500",
            controlBorder(error),
          )}
          {...control}
          {...props}
        />
      )}
    </LabelledField>
  );
}
