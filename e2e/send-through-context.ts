import type { APIRequestContext } from "@playwright/test";
import type { Send } from "../src/server/test/fixtures";

/**
 * The fixtures' way of sending a request (src/server/test/fixtures.ts) through a Playwright
 * request context, a page's or one of its own: the context's cookies are the signed-in user's,
 * so the fixtures' `cookie` header is left out.
 */
export function sendThroughContext(context: APIRequestContext): Send {
  return async ({ method, url, headers = {}, payload }) => {
    const { cookie: _, ...rest } = headers;
    const response = await context.fetch(url, {
      method,
      headers: rest,
      ...(payload === undefined ? {} : { data: payload as never }),
    });
    const body = await response.text();
    return {
      statusCode: response.status(),
      body,
      headers: response.headers(),
      json: () => JSON.parse(body),
    };
  };
}
