import { cx } from "./class-names";

type SpinnerProps = { className?: string; label?: string };

/** A spinning ring; announced to screen readers by its label unless it is decorative. */
export function Spinner({ className, label }: SpinnerProps) {
  return (
    <>
      <span
        aria-hidden="true"
        className={cx(
          "inline-block size-5 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent",
          className,
        )}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

/** The centered spinner shown while a page or the session loads. */
export function PageSpinner({ label = "Chargement…" }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center" role="status">
      <Spinner className="size-10 border-4 border-brand-200 border-t-brand-700" label={label} />
    </div>
  );
}
