import { createContext, RouterContextProvider, useRouteLoaderData } from "react-router";
import type { PageActions, PageContext, PageReader } from "../../domain/page-reader";
import type { User } from "./auth/user";

// The server hands each page it renders its PageContext (src/server/web/web-app.ts) through
// React Router's context: the loaders and middleware read it with `context.get(pageContext)`.

/** A reader or actions where no server gives them: the pages prerendered at build time. */
function noServer<T extends object>(): T {
  return new Proxy({} as T, {
    get(_target, name) {
      return () => Promise.reject(new Error(`« ${String(name)} » sans serveur`));
    },
  });
}

/** Prerendering: nobody is signed in, nothing is read or done. */
const prerendering: PageContext = {
  user: null,
  reader: noServer<PageReader>(),
  actions: noServer<PageActions>(),
  nonce: "",
  drawnAt: 0,
};

export const pageContext = createContext<PageContext>(prerendering);

/** The router context of one request, made by the server from what it knows of the request. */
export function routerContextFor(page: PageContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(pageContext, page);
  return context;
}

/** What the root route's loader gives every page (src/web/root.tsx). */
export type RootData = { user: User | null; drawnAt: number };

/** The signed-in user, as the page was rendered (null on the prerendered public pages). */
export function useRootData(): RootData {
  return useRouteLoaderData("root") ?? { user: null, drawnAt: 0 };
}
