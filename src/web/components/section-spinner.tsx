import { Spinner } from "./spinner";

/** A list loading inside its card: a spinner of the list's height, not of the page's. */
export function SectionSpinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10" role="status">
      <Spinner className="size-8 border-4 border-brand-200 border-t-brand-700" label={label} />
    </div>
  );
}
