import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { useStaticPage } from "../lib/static-page";
import { useHydrated } from "../lib/use-hydrated";
import { cx } from "./class-names";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger" | "accent";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "bg-brand-50 text-brand-800 hover:bg-brand-100",
  outline: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-700 text-white hover:bg-red-800",
  accent: "bg-accent-400 text-brand-900 hover:bg-accent-300",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-11 px-4 text-sm",
  lg: "min-h-12 px-6 text-base",
};

export function buttonClasses({
  variant = "primary",
  size = "md",
  fullWidth = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
} = {}): string {
  return cx(base, variants[variant], sizes[size], fullWidth && "w-full", className);
}

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner and disables the button: a second click cannot send the form twice. */
  loading?: boolean;
  /** Replaces the label while loading, e.g. "Connexion…". */
  loadingText?: ReactNode;
};

/**
 * A button. On a page with scripts, a submit button is disabled until the page is live: pressed on
 * the page the server drew, it would submit the form natively (a GET carrying what was typed,
 * password included, in the address) instead of sending it; what was typed meanwhile is kept
 * (lib/fields-form.ts). A static page's forms are sent by the browser itself (lib/static-page.ts).
 */
export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  loadingText,
  className,
  disabled,
  children,
  type = "button",
  ...props
}: ButtonProps) {
  const hydrated = useHydrated();
  const staticPage = useStaticPage();
  const waiting = !hydrated && !staticPage;
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, fullWidth, className })}
      disabled={disabled || loading || (type === "submit" && waiting)}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner className="size-4" /> : null}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

type ButtonLinkProps = ComponentProps<typeof Link> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
};

/** A link that looks like a button (navigation is a link, not a button), routed by React Router. */
export function ButtonLink({ variant, size, fullWidth, className, ...props }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClasses({
        variant,
        size,
        fullWidth,
        className: typeof className === "string" ? className : undefined,
      })}
      {...props}
    />
  );
}

type ButtonAnchorProps = ComponentProps<"a"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
};

/** A plain link that looks like a button (a file to download, another site). */
export function ButtonAnchor({ variant, size, fullWidth, className, ...props }: ButtonAnchorProps) {
  return <a className={buttonClasses({ variant, size, fullWidth, className })} {...props} />;
}
