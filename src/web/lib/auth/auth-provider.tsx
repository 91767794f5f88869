import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useNavigate, useRevalidator } from "react-router";
import { type ApiError, unauthorizedEvent } from "../api-client";
import { loginPathFor } from "../area-access";
import { useRootData } from "../page-context";
import { deleteSession, fetchSession } from "./session-api";
import type { User } from "./user";

/** How often the session is re-checked while a signed-in page is open (spec: every 30 s). */
export const sessionCheckIntervalMs = 30_000;

export const sessionExpiredNotice = "Votre session a expiré. Veuillez vous reconnecter.";

/** The login page's query parameter that says the session had ended on its own. */
export const expiredParam = "session";
export const expiredValue = "expiree";

export type AuthContextValue = {
  /** The signed-in user as the server rendered the page, or null. */
  user: User | null;
  /** After a change of the account (profile, second factor): the pages read it again. */
  refresh: () => Promise<void>;
  /** Signs out on the server, then goes home. Returns the error, if any. */
  signOut: () => Promise<ApiError | null>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The signed-in user comes with every page from the server (the root route's loader). While a
 * signed-in page is open, the session is checked every 30 s, when the window regains focus and
 * when an API call answers 401: a session that ended on its own (expired, revoked elsewhere) sends
 * the user to the login page with a notice, and back here after signing in again.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { user } = useRootData();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const signingOut = useRef(false);
  const [checking, setChecking] = useState(false);

  const check = useCallback(async () => {
    if (checking || signingOut.current) return;
    setChecking(true);
    const { data, error } = await fetchSession();
    setChecking(false);
    // A flaky mobile network must not throw the user out: only the server's answer counts.
    if (error || data?.user || signingOut.current) return;
    const from = `${location.pathname}${location.search}`;
    const login = new URL(loginPathFor(from), location.origin);
    login.searchParams.set(expiredParam, expiredValue);
    navigate(`${login.pathname}${login.search}`, { replace: true });
  }, [checking, navigate]);

  useEffect(() => {
    if (!user) return;
    const onFocus = () => void check();
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void check();
    }, sessionCheckIntervalMs);
    window.addEventListener("focus", onFocus);
    window.addEventListener(unauthorizedEvent, onFocus);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      window.removeEventListener(unauthorizedEvent, onFocus);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [user, check]);

  const signOut = useCallback(async () => {
    signingOut.current = true;
    const { error } = await deleteSession();
    if (error && error.status !== 401) {
      signingOut.current = false;
      return error;
    }
    await navigate("/", { replace: true });
    signingOut.current = false;
    return null;
  }, [navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, refresh: () => revalidator.revalidate(), signOut }),
    [user, revalidator, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error("useAuth doit etre utilise dans un AuthProvider");
  return context;
}
