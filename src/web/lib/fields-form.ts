import {
  type ChangeEvent,
  type FormEvent,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { toast } from "../components/toast";
import { firstIssueByField, type LazyParseResult, type LoadOnce } from "./lazy-zod";
import { typedBeforeStart } from "./typed-before-start";

// Every form of the platform (the areas', the sign-in pages', the contact form): each field's
// text in a state, the schema loaded on first use (lazy-zod.ts), the messages shown under their
// fields with the focus on the first. It does what those forms used from react-hook-form, whose
// 15 KiB gzipped did not fit a phone's 125 KiB first load on top of React
// (docs/decisions/2026-11-26-one-build.md); the officers' dialogs already worked this way.

export type FieldValue = string | boolean;
type FormValues = Record<string, FieldValue>;
type Name<Values> = keyof Values & string;
export type FieldErrors<Values> = Partial<Record<Name<Values> | "form", string>>;

type Schema<Output> = Pick<LoadOnce<unknown>, "preloadProps"> & {
  safeParse(input: unknown): Promise<LazyParseResult<Output>>;
};

type Focusable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export type FieldsFormOptions<Values extends FormValues, Output> = {
  /** The fields in the order of the form: the focus goes to the first one with a message. */
  initialValues: Values | (() => Values);
  /** Without one, the fields go as they are and the server is the only judge (its messages). */
  schema?: Schema<Output>;
  /** What the schema checks, from the fields' text (numbers without their spaces, say). */
  toInput?: (values: Values) => unknown;
  /** Every change of a field (a draft saved as the user types). */
  onChange?: (values: Values) => void;
};

export function useFieldsForm<Values extends FormValues, Output = Values>({
  initialValues,
  schema,
  toInput = (values) => values,
  onChange,
}: FieldsFormOptions<Values, Output>) {
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // The latest values for the handlers that run after an await, and the fields to focus.
  const current = useRef(values);
  current.current = values;
  const elements = useRef(new Map<string, Focusable | null>());
  const running = useRef(false);
  const listener = useRef(onChange);
  listener.current = onChange;

  const setValue = useCallback(<K extends Name<Values>>(name: K, value: Values[K]) => {
    const next = { ...current.current, [name]: value };
    current.current = next;
    setValues(next);
    // A message stays until the field it speaks of is edited.
    setErrors((shown) => (shown[name] === undefined ? shown : { ...shown, [name]: undefined }));
    listener.current?.(next);
  }, []);

  /** Shows these messages (the schema's or the server's); the focus goes to the first field. */
  const showErrors = useCallback((next: FieldErrors<Values>, options = { focus: true }) => {
    setErrors(next);
    if (next.form) toast.error(next.form);
    if (!options.focus) return;
    // A message without a field of its own (a hidden token) is shown by the page, not focused.
    const first = Object.keys(current.current).find(
      (name) => next[name as Name<Values>] && elements.current.get(name),
    );
    if (first) elements.current.get(first)?.focus();
  }, []);

  const focus = useCallback((name: Name<Values>) => elements.current.get(name)?.focus(), []);

  const check = useCallback(async () => {
    const input = toInput(current.current);
    if (!schema) {
      setErrors({});
      return { success: true as const, data: input as Output };
    }
    const parsed = await schema.safeParse(input);
    if (parsed.success) {
      setErrors({});
      return parsed;
    }
    const found = firstIssueByField(parsed.error.issues) as FieldErrors<Values>;
    showErrors(found);
    return { success: false as const, errors: found };
  }, [schema, toInput, showErrors]);

  /** The schema's output, or null after showing why not. */
  const validate = useCallback(async (): Promise<Output | null> => {
    const checked = await check();
    return checked.success ? checked.data : null;
  }, [check]);

  /**
   * The form's onSubmit: checks, then runs `send` with the schema's output, once at a time (a
   * double tap while the schema loads or the request runs sends nothing more). `onInvalid` gets
   * the messages just shown, for a page that says more above the form.
   */
  const handleSubmit = useCallback(
    (
      send: (data: Output) => Promise<void> | void,
      onInvalid?: (errors: FieldErrors<Values>) => void,
    ) =>
      async (event: FormEvent) => {
        event.preventDefault();
        if (running.current) return;
        running.current = true;
        setSubmitting(true);
        try {
          const checked = await check();
          if (checked.success) await send(checked.data);
          else onInvalid?.(checked.errors);
        } finally {
          running.current = false;
          setSubmitting(false);
        }
      },
    [check],
  );

  const reset = useCallback((next: Values) => {
    current.current = next;
    setValues(next);
    setErrors({});
  }, []);

  const bind = useCallback(
    (name: string) => (element: Focusable | null) => {
      elements.current.set(name, element);
    },
    [],
  );

  /** Props for a TextField, SelectField or TextareaField. */
  const text = (name: Name<Values>) => ({
    name,
    value: String(values[name] ?? ""),
    onChange: (event: ChangeEvent<Focusable>) =>
      setValue(name, event.target.value as Values[typeof name]),
    ref: bind(name),
    error: errors[name],
  });

  /** Props for a Checkbox. */
  const checkbox = (name: Name<Values>) => ({
    name,
    checked: Boolean(values[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValue(name, event.target.checked as Values[typeof name]),
    ref: bind(name),
  });

  const getValues = useCallback(() => current.current, []);

  // A form the server drew (the areas' pages, src/web/areas/render-page.tsx) can be typed in
  // before its app has started: what the user typed or ticked then (a field's value no longer
  // its HTML's) becomes the form's, so a send held by the boot script sends it.
  useLayoutEffect(() => {
    let typed: Values | undefined;
    for (const [name, element] of elements.current) {
      const value = typedBeforeStart(element);
      if (value === undefined || value === current.current[name as Name<Values>]) continue;
      typed = { ...(typed ?? current.current), [name]: value };
    }
    if (!typed) return;
    current.current = typed;
    setValues(typed);
    listener.current?.(typed);
  }, []);

  return {
    values,
    errors,
    isSubmitting,
    text,
    checkbox,
    setValue,
    getValues,
    showErrors,
    focus,
    validate,
    handleSubmit,
    reset,
    /** Spread on the <form>: its first focus, input or tap starts loading the schema. */
    formProps: schema?.preloadProps ?? {},
  };
}

export type FieldsForm<Values extends FormValues, Output> = ReturnType<
  typeof useFieldsForm<Values, Output>
>;
