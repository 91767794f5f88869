import type { ComponentProps } from "react";

/**
 * A link that opens in a new tab, and says so to screen readers. `noopener` keeps the opened page
 * from reaching back to this one.
 */
export function NewTabLink({ children, ...props }: Omit<ComponentProps<"a">, "target" | "rel">) {
  return (
    <a target="_blank" rel="noopener" {...props}>
      {children}
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}
