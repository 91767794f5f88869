import type { ReactNode } from "react";

export type ResponsiveColumn<T> = {
  /** Tells the columns apart (React's key). */
  id: string;
  /** The column's heading; an actions column has a visually hidden one. */
  header: ReactNode;
  headerClassName: string;
  className: string;
  cell: (item: T) => ReactNode;
};

/**
 * The widths from which a list's own box shows its table: written out so that the stylesheet has
 * their container queries (Tailwind keeps the class names it finds in the sources).
 */
const views = {
  440: { cards: "@min-[440px]:hidden", table: "hidden @min-[440px]:block" },
  600: { cards: "@min-[600px]:hidden", table: "hidden @min-[600px]:block" },
  700: { cards: "@min-[700px]:hidden", table: "hidden @min-[700px]:block" },
  720: { cards: "@min-[720px]:hidden", table: "hidden @min-[720px]:block" },
  760: { cards: "@min-[760px]:hidden", table: "hidden @min-[760px]:block" },
  780: { cards: "@min-[780px]:hidden", table: "hidden @min-[780px]:block" },
  820: { cards: "@min-[820px]:hidden", table: "hidden @min-[820px]:block" },
  860: { cards: "@min-[860px]:hidden", table: "hidden @min-[860px]:block" },
  880: { cards: "@min-[880px]:hidden", table: "hidden @min-[880px]:block" },
} as const;

export type TableMinWidth = keyof typeof views;

type ResponsiveListProps<T> = {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  /** Names the table (its caption) and the list of cards for screen readers. */
  label: string;
  /** Below this width of its own box, the list shows cards: the table's columns would not fit. */
  tableMinWidth: TableMinWidth;
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
 * and one card per item elsewhere. Both are in the page, and a container query shows one: the
 * other is not displayed, so neither screen readers nor the keyboard meet it, and the page is
 * the same whether drawn by the server or by the browser.
 */
export function ResponsiveList<T>({
  items,
  itemKey,
  label,
  tableMinWidth,
  columns,
  rowClassName = "hover:bg-slate-50",
  card,
  cardClassName = "px-5 py-4",
  overflow = "visible",
}: ResponsiveListProps<T>) {
  const view = views[tableMinWidth];
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
  return (
    <div className="@container">
      <ul aria-label={label} className={`divide-y divide-slate-100 ${view.cards}`}>
        {items.map((item) => (
          <li key={itemKey(item)} className={cardClassName}>
            {card(item)}
          </li>
        ))}
      </ul>
      {overflow === "focusable" ? (
        // A box that scrolls (a narrow window beside the sidebar) must be reachable by keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable asks for it.
        <section className={`overflow-x-auto ${view.table}`} tabIndex={0} aria-label={label}>
          {table}
        </section>
      ) : (
        <div className={`${overflow === "scroll" ? "overflow-x-auto " : ""}${view.table}`}>
          {table}
        </div>
      )}
    </div>
  );
}

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
