import type { ReactNode } from "react";
import { useAppStartSignal } from "../../../lib/app-start";
import { AuthProvider } from "../../../lib/auth/auth-provider";

/**
 * What every sign-in page's island stands on. These pages are islands (src/web/islands: React
 * alone, no React Router in the browser), so each brings what the React Router root gave it: the
 * auth provider (idle until the page calls useAuth) and the signal that the page's form is live,
 * which sends a form held by the boot script since before the JavaScript came.
 */
export function SignInIsland({ children }: { children: ReactNode }) {
  useAppStartSignal();
  return <AuthProvider>{children}</AuthProvider>;
}

/**
 * The navigation state an area's guard left in the history entry before the page was reloaded
 * (shell/leave-app.tsx): React Router keeps it under `usr`. Read only once hydrated, as the
 * prerendered HTML does not know it.
 */
export function historyState(): unknown {
  const state: unknown = window.history.state;
  if (!state || typeof state !== "object" || !("usr" in state)) return null;
  return state.usr ?? null;
}

/**
 * What was typed into the page's form before its island was hydrated, by field name, so that the
 * form starts from it (its fields are React state: the first render after hydration would
 * otherwise write the empty values back).
 */
export function typedValues(element: HTMLElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const field of element.querySelectorAll<HTMLInputElement>("input[name]")) {
    if (field.type === "checkbox") {
      if (field.checked) values[field.name] = true;
    } else if (field.value) {
      values[field.name] = field.value;
    }
  }
  return values;
}
