import type { ReactNode } from "react";
import { cx } from "../../../components/class-names";

type SectionHeadingProps = {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: "left" | "center";
  /** On the dark brand background. */
  inverted?: boolean;
};

/** The eyebrow, title and introduction that open each section of the public pages. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "left",
  inverted = false,
}: SectionHeadingProps) {
  return (
    <div className={cx("max-w-2xl", align === "center" && "mx-auto text-center")}>
      {eyebrow ? (
        <p
          className={cx(
            "text-sm font-semibold uppercase tracking-wider",
            inverted ? "text-accent-200" : "text-accent-600",
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={cx(
          "mt-2 text-2xl font-bold tracking-tight sm:text-3xl",
          inverted ? "text-white" : "text-brand-900",
        )}
      >
        {title}
      </h2>
      {intro ? (
        <p
          className={cx(
            "mt-3 text-base sm:text-lg",
            inverted ? "text-brand-100" : "text-slate-600",
          )}
        >
          {intro}
        </p>
      ) : null}
    </div>
  );
}
