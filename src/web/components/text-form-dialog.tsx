import { type ComponentProps, useState } from "react";
import type { ZodType } from "zod";
import type { LazySchema } from "../lib/lazy-zod";
import { FormDialog } from "./form-dialog";
import { TextareaField } from "./textarea-field";

type TextFormDialogProps = Omit<
  ComponentProps<typeof FormDialog>,
  "onOpen" | "send" | "onRefused" | "children"
> & {
  /** The text's field in the route's body: the schema checks it, the server's refusals name it. */
  field: string;
  label: string;
  hint?: string;
  rows?: number;
  maxLength: number;
  /** The route's schema, checked in the browser before sending (`other` joins the text). */
  schema: LazySchema<ZodType>;
  other?: Record<string, unknown>;
  /** Sends the checked body (and tells the page); the dialog closes once it resolves. */
  submit: (body: Record<string, unknown>) => Promise<void>;
};

/**
 * The officers' dialogs that ask for one text (a note, a reason, a comment): the text checked with
 * the route's schema, sent once, its refusal shown under the field; FormDialog does the rest.
 */
export function TextFormDialog({
  field,
  label,
  hint,
  rows = 4,
  maxLength,
  schema,
  other,
  submit,
  ...dialog
}: TextFormDialogProps) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();

  async function send() {
    const parsed = await schema.safeParse({ ...other, [field]: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return false;
    }
    await submit(parsed.data as Record<string, unknown>);
    return true;
  }

  return (
    <FormDialog
      {...dialog}
      onOpen={() => {
        schema.preload();
        setText("");
        setError(undefined);
      }}
      send={send}
      onRefused={(refusal) => setError(refusal.fields?.[field] ?? refusal.message)}
    >
      <TextareaField
        label={label}
        hint={hint}
        rows={rows}
        value={text}
        maxLength={maxLength}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        error={error}
        required
      />
    </FormDialog>
  );
}
