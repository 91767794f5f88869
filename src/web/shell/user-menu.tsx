import { LogOut, UserRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../components/dropdown-menu";
import { type UserMenuProps, UserMenuTriggerButton } from "./user-menu-button";

/**
 * The account menu (Profil, Déconnexion), loaded when the user reaches for its button
 * (area-shell.tsx). `defaultOpen`: the button was pressed before this code arrived.
 * `takeFocus`: the stand-in button had the focus, which moves to the real one.
 */
export default function UserMenu({
  user,
  profilePath,
  onSignOut,
  defaultOpen,
  takeFocus,
}: UserMenuProps & { defaultOpen: boolean; takeFocus: boolean }) {
  const navigate = useNavigate();
  const trigger = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the menu replaces its stand-in
  useEffect(() => {
    if (takeFocus && !defaultOpen) trigger.current?.focus();
  }, []);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuTriggerButton ref={trigger} user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent label={user.email}>
        <DropdownMenuItem onSelect={() => navigate(profilePath)}>
          <UserRound aria-hidden="true" className="size-4" />
          Profil
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem danger onSelect={onSignOut}>
          <LogOut aria-hidden="true" className="size-4" />
          Déconnexion
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
