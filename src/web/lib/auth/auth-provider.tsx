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
import { type ApiError, unauthorizedEvent } from "../api-client";
import { deleteSession, fetchSession } from "./session-api";
import type { User } from "./user";

/** How often the session is re-checked while the app is open (spec: every 30 s). */
export const sessionCheckIntervalMs = 30_000;

export const sessionExpiredNotice = "Votre session a expiré. Veuillez vous reconnecter.";

/** Navigation state read by the login page (set by the area guards). */
export type LoginLocationState = { notice?: "expired"; from?: string };

type Status = "idle" | "loading" | "ready";

export type AuthContextValue = {
  /** True until the session has been read once. */
  loading: boolean;
  user: User | null;
  /** True when a session that existed has ended on its own (expired, revoked elsewhere). */
  sessionExpired: boolean;
  /** After a sign-in, a registration or a profile update: the user the server answered. */
  setUser: (user: User) => void;
  /** Signs out on the server and forgets the user. Returns the error, if any. */
  signOut: () => Promise<ApiError | null>;
  /** Re-reads the session now. */
  refresh: () => Promise<void>;
  /** Starts reading the session; called by useAuth so public pages never pay for it. */
  activate: () => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Holds the authentication state: loading, then a user or null. It stays idle (no request) until
 * a page that needs it calls useAuth, so the prerendered public pages make no session call.
 * Once active it re-checks the session every 30 s, when the window regains focus and when an API
 * call answers 401. When a session that existed ends, sessionExpired turns true: the area guards
 * then send the user to the login page, which shows a notice.
 */
export function AuthProvider({
  children,
  initialSession,
}: {
  children: ReactNode;
  /**
   * The session already read before the first render (the areas app reads the HTML's early
   * answer before it mounts): the first render shows the page instead of the frame's skeleton,
   * and the checks every 30 s start from there.
   */
  initialSession?: { user: User | null };
}) {
  const [sessionExpired, setSessionExpired] = useState(false);
  const [status, setStatus] = useState<Status>(initialSession ? "ready" : "idle");
  const [user, setUserState] = useState<User | null>(initialSession?.user ?? null);
  const userRef = useRef<User | null>(initialSession?.user ?? null);
  // Bumped by every deliberate change (sign-in, sign-out), so a session check that started
  // before it cannot overwrite it with a stale answer.
  const version = useRef(0);
  const activated = useRef(initialSession !== undefined);

  const applyUser = useCallback((next: User | null) => {
    userRef.current = next;
    setUserState(next);
  }, []);

  const check = useCallback(async () => {
    const started = version.current;
    const { data, error } = await fetchSession();
    if (started !== version.current) return;
    if (error) {
      // First read: treat as signed out (spec). Later reads: a flaky mobile network must not
      // throw the user out, so the known state is kept until the server says otherwise.
      if (userRef.current === null) applyUser(null);
      setStatus("ready");
      return;
    }
    const next = data?.user ?? null;
    const previous = userRef.current;
    applyUser(next);
    setStatus("ready");
    if (previous && !next) setSessionExpired(true);
  }, [applyUser]);

  const activate = useCallback(() => {
    if (activated.current) return;
    activated.current = true;
    setStatus("loading");
    void check();
  }, [check]);

  useEffect(() => {
    if (status === "idle") return;
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
  }, [status, check]);

  const setUser = useCallback(
    (next: User) => {
      version.current += 1;
      activated.current = true;
      setSessionExpired(false);
      applyUser(next);
      setStatus("ready");
    },
    [applyUser],
  );

  const signOut = useCallback(async () => {
    const { error } = await deleteSession();
    if (error && error.status !== 401) return error;
    version.current += 1;
    setSessionExpired(false);
    applyUser(null);
    setStatus("ready");
    return null;
  }, [applyUser]);

  const value = useMemo<AuthContextValue>(
    () => ({
      loading: status !== "ready",
      user,
      sessionExpired,
      setUser,
      signOut,
      refresh: check,
      activate,
    }),
    [status, user, sessionExpired, setUser, signOut, check, activate],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error("useAuth doit etre utilise dans un AuthProvider");
  const { activate } = context;
  useEffect(() => {
    activate();
  }, [activate]);
  return context;
}
