import { useEffect } from "react";
import { carryRecentToasts } from "../components/toast";
import { AreaFrameSkeleton } from "./area-frame-skeleton";

// The signed-in areas (src/web/areas/) and the React Router pages (sign-in pages, 404) are two
// apps: going from one to the other is a document load, which the server answers with the right
// page. A toast just shown (“Connexion réussie !”) goes along and shows on the next page.

/**
 * Loads `to` as a new document, in place of the current history entry. The address changes only
 * when that document comes (a router navigation first would show it over this app's page).
 */
export function leaveFor(to: string) {
  carryRecentToasts();
  window.location.replace(to);
}

/** leaveFor as an element, for a page that renders where the user must go. */
export function DocumentNavigate({ to }: { to: string }) {
  useEffect(() => leaveFor(to), [to]);
  return null;
}

/**
 * Rendered for a path this app does not own: the router has already put that path, with its
 * navigation state, in the browser's history, so reloading loads the server's page for it. The
 * state survives the reload (it is kept in history.state): the login page still learns where to
 * send the user back and that their session had expired.
 */
export function LeaveApp() {
  useEffect(() => {
    carryRecentToasts();
    window.location.reload();
  }, []);
  return <AreaFrameSkeleton />;
}
