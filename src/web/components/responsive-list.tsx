import { memo, type ReactNode } from "react";
import { useContainerWidth } from "../lib/use-container-width";

export type ResponsiveColumn<T> = {
  /** Tells the columns apart (React's key). */
  id: string;
  /** The column's heading; an actions column has a visually hidden one. */
  header: ReactNode;
  headerClassName: string;
  className: string;
  cell: (item: T) => ReactNode;
};

type ResponsiveListProps<T> = {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  /** Names the table (its caption) and the list of cards for screen readers. */
  label: string;
  /** Below this width of its own box, the list shows cards: the table's columns would not fit. */
  tableMinWidth: number;
  /** The table's columns; `false` leaves a column out. */
  columns: readonly (ResponsiveColumn<T> | false)[];
  rowClassName?: string;
  /** One item's card, inside its `<li>`. */
  card: (item: T) => ReactNode;
  cardClassName?: string;
  /**
   * A table wider than its box: "visible" lets it be (its columns are known to fit), "scroll"
   * scrolls it, "focusable" scrolls it in a named box that the keyboard can reach.
   */
  overflow?: "visible" | "scroll" | "focusable";
};

/**
 * A list that is a table where its own box is wide enough for one, whatever the sidebar takes,
 * and one card per item elsewhere (a container query that chooses what to render, so each
 * control exists once in the page).
 */
export function ResponsiveList<T>(props: ResponsiveListProps<T>) {
  // The measured box stays the same element whichever view is shown.
  const [ref, width] = useContainerWidth<HTMLDivElement>();
  const wide = width !== null && width >= props.tableMinWidth;
  return (
    <div ref={ref} className={wide && props.overflow === "scroll" ? "overflow-x-auto" : undefined}>
      <ListView {...props} wide={wide} />
    </div>
  );
}

/**
 * The cards or the table. Memoised: the list renders again when its box is measured (just after
 * it is drawn, then on every resize), and on a phone the answer is the same cards; redrawing them
 * all, each with its links, was the longest task of an officer's list page after its hydration.
 */
const ListView = memo(function ListView<T>({
  items,
  itemKey,
  label,
  columns,
  rowClassName = "hover:bg-slate-50",
  card,
  cardClassName = "px-5 py-4",
  overflow = "visible",
  wide,
}: ResponsiveListProps<T> & { wide: boolean }) {
  if (!wide) {
    return (
      <ul aria-label={label} className="divide-y divide-slate-100">
        {items.map((item) => (
          <li key={itemKey(item)} className={cardClassName}>
            {card(item)}
          </li>
        ))}
      </ul>
    );
  }
  const shown = columns.filter((column) => column !== false);
  const table = (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{label}</caption>
      <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <tr>
          {shown.map((column) => (
            <th key={column.id} scope="col" className={column.headerClassName}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {items.map((item) => (
          <tr key={itemKey(item)} className={rowClassName}>
            {shown.map((column) => (
              <td key={column.id} className={column.className}>
                {column.cell(item)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (overflow === "focusable") {
    return (
      // A box that scrolls (a narrow window beside the sidebar) must be reachable by keyboard.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable asks for it.
      <section className="overflow-x-auto" tabIndex={0} aria-label={label}>
        {table}
      </section>
    );
  }
  return table;
}) as <T>(props: ResponsiveListProps<T> & { wide: boolean }) => ReactNode;

/** A card's labels and values, side by side. */
export function CardFields({ children }: { children: ReactNode }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">{children}</dl>
  );
}

/** A label and its value in CardFields; an empty className leaves the value unstyled. */
export function CardField({
  label,
  className = "text-slate-900",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className={className || undefined}>{children}</dd>
    </>
  );
}
