import { firm } from "../../domain/firm";
import { cx } from "./class-names";

/**
 * The logo link's accessible name. It contains the visible text ("Horizon Crédit Afrique"), as
 * WCAG 2.5.3 (label in name) asks, so voice users can say what they see.
 */
export const logoLabel = `${firm.name}, accueil`;

export function logoLinkClasses(className?: string): string {
  return cx("inline-flex items-center gap-2.5 rounded-md font-bold", className);
}

type LogoContentProps = {
  inverted?: boolean;
  /** Shows only the mark on small screens. */
  compact?: boolean;
};

/** The firm's mark and name, without the link (the signed-in areas wrap it in a router link). */
export function LogoContent({ inverted = false, compact = false }: LogoContentProps) {
  return (
    <>
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
        <span className="block text-base">{firm.shortName}</span>{" "}
        <span
          className={cx(
            "block text-xs font-medium",
            inverted ? "text-brand-100" : "text-accent-600",
          )}
        >
          Afrique
        </span>
      </span>
    </>
  );
}

/** The firm's mark and name as a plain link home (the public pages: a full page load). */
export function Logo({
  href = "/",
  inverted = false,
  className,
}: {
  href?: string;
  inverted?: boolean;
  className?: string;
}) {
  return (
    <a href={href} className={logoLinkClasses(className)} aria-label={logoLabel}>
      <LogoContent inverted={inverted} />
    </a>
  );
}
