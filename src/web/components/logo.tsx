import { Link } from "react-router";
import { firm } from "../../domain/firm";
import { cx } from "./class-names";

/** The firm's mark and name, linking home (or to the area's home inside the app). */
export function Logo({
  to = "/",
  inverted = false,
  compact = false,
  className,
}: {
  to?: string;
  inverted?: boolean;
  /** Shows only the mark on small screens. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <Link
      to={to}
      className={cx("inline-flex items-center gap-2.5 rounded-md font-bold", className)}
      aria-label={`${firm.name} — accueil`}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-9 shrink-0">
        <rect width="32" height="32" rx="8" fill={inverted ? "#ffffff" : "#183c70"} />
        <path d="M6 21h20" stroke="#d9a233" strokeWidth="2.5" strokeLinecap="round" />
        <circle cx="16" cy="21" r="6.5" fill="none" stroke="#d9a233" strokeWidth="2.5" />
        <rect x="4" y="21.5" width="24" height="8" fill={inverted ? "#ffffff" : "#183c70"} />
        <path
          d="M9 25h14"
          stroke={inverted ? "#183c70" : "#ffffff"}
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span
        className={cx(
          "leading-tight whitespace-nowrap",
          compact && "hidden sm:block",
          inverted ? "text-white" : "text-brand-800",
        )}
      >
        <span className="block text-base">{firm.shortName}</span>
        <span
          className={cx(
            "block text-xs font-medium",
            inverted ? "text-brand-100" : "text-accent-600",
          )}
        >
          Afrique
        </span>
      </span>
    </Link>
  );
}
