import { useEffect } from "react";
import { type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from "react-router";
import { preloadToaster } from "../../../components/toast";
import { returnParam } from "../../../lib/area-access";
import { expiredParam, expiredValue } from "../../../lib/auth/auth-provider";
import { destinationAfterSignIn, type User } from "../../../lib/auth/user";
import { pageContext } from "../../../lib/page-context";

/**
 * The loader of the login and register pages: a signed-in user is sent to their own area (or
 * back to the page of it that asked for a sign-in) before the page is drawn.
 */
export function signedInAway({ request, context }: LoaderFunctionArgs) {
  const { user } = context.get(pageContext);
  if (!user) return null;
  const from = new URL(request.url).searchParams.get(returnParam);
  throw redirect(destinationAfterSignIn(user, from));
}

/**
 * For login and register: where to go once signed in (the page that asked for it, if it is in
 * the user's area), and whether the user comes back after their session had ended on its own.
 * The toast library starts loading too: these pages end with a toast.
 */
export function useSignInDestination() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    preloadToaster();
  }, []);
  return {
    sessionExpired: search.get(expiredParam) === expiredValue,
    /** After the sign-in: the user's area, drawn by the server with the new session. */
    enter: (user: User) =>
      navigate(destinationAfterSignIn(user, search.get(returnParam)), { replace: true }),
  };
}
