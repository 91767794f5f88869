import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { displayName, type User } from "../lib/auth/user";

export type UserMenuProps = { user: User; profilePath: string; onSignOut: () => void };

const buttonClasses =
  "flex min-h-11 max-w-[55vw] items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-800 hover:bg-slate-100 sm:max-w-xs";

/** What the account menu's button shows: the initial, the name and a chevron. */
export function UserMenuButtonContent({ user }: { user: User }) {
  const name = displayName(user);
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
      >
        {name.charAt(0).toUpperCase()}
      </span>
      {/* The name is the visible label; the rest is for screen readers, so the accessible name
          ("Awa Koné, menu du compte") starts with what a voice-control user reads and says. */}
      <span className="truncate">
        {name}
        <span className="sr-only">, menu du compte</span>
      </span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
    </>
  );
}

/** The account menu's button; Radix's trigger renders through it (asChild) once loaded. */
export function UserMenuTriggerButton({
  user,
  ...props
}: { user: User } & Omit<ComponentProps<"button">, "children">) {
  return (
    <button type="button" aria-haspopup="menu" className={buttonClasses} {...props}>
      <UserMenuButtonContent user={user} />
    </button>
  );
}

/**
 * The button that stands in for the account menu until its code is there: reaching for it
 * (hover, focus) starts loading the menu, pressing it (tap, mouse button, Enter, Space, ↓)
 * asks for the menu open.
 */
export function UserMenuButton({
  user,
  onReach,
  onPress,
}: {
  user: User;
  /** Whether the button has the focus (a keyboard user), so the real one can take it over. */
  onReach: (hasFocus: boolean) => void;
  onPress: () => void;
}) {
  return (
    <UserMenuTriggerButton
      user={user}
      aria-expanded={false}
      onPointerEnter={(event) => onReach(document.activeElement === event.currentTarget)}
      onFocus={() => onReach(true)}
      // As Radix's trigger: a press opens (not the click that follows it), and so do Enter,
      // Space and ↓.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) onPress();
      }}
      onKeyDown={(event) => {
        if (!["Enter", " ", "ArrowDown"].includes(event.key)) return;
        event.preventDefault();
        onPress();
      }}
    />
  );
}
