import { useEffect } from "react";
import { preloadToaster } from "../../../components/toast";
import type { LoginLocationState } from "../../../lib/auth/auth-provider";
import { useAuth } from "../../../lib/auth/auth-provider";
import { destinationAfterSignIn } from "../../../lib/auth/user";
import { useHydrated } from "../../../lib/use-hydrated";
import { historyState } from "./sign-in-island";

/**
 * For login and register: reads the session after hydration (these pages are prerendered) and
 * gives the place a signed-in user must be sent to (their own area), or null.
 * The toast library starts loading too: these pages end with a toast.
 */
export function useSignedInRedirect() {
  const auth = useAuth();
  const hydrated = useHydrated();
  useEffect(() => {
    preloadToaster();
  }, []);
  const state = (hydrated ? historyState() : null) as LoginLocationState | null;
  const redirectTo = auth.user ? destinationAfterSignIn(auth.user, state?.from) : null;
  return { ...auth, redirectTo, locationState: state };
}
