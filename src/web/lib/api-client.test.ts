import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiRequest,
  networkErrorMessage,
  serverErrorMessage,
  unauthorizedEvent,
} from "./api-client";

function reply(
  body: string | null,
  init: ResponseInit & { headers?: Record<string, string> } = {},
) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, init)),
  );
}

const dispatched: string[] = [];

beforeEach(() => {
  dispatched.length = 0;
  vi.stubGlobal("window", { dispatchEvent: (event: Event) => dispatched.push(event.type) });
});

describe("apiRequest", () => {
  it("returns the data and the count", async () => {
    reply(JSON.stringify({ items: [1, 2] }), { status: 200, headers: { "X-Total-Count": "42" } });
    expect(await apiRequest<{ items: number[] }>("/api/x")).toEqual({
      data: { items: [1, 2] },
      count: 42,
      error: null,
    });
  });

  it("gives the server's French message and field errors", async () => {
    reply(
      JSON.stringify({
        error: {
          code: "validation",
          message: "Données invalides",
          fields: { email: "Adresse e-mail invalide" },
        },
      }),
      { status: 400 },
    );
    const { data, error } = await apiRequest("/api/register", { method: "POST", body: {} });
    expect(data).toBeNull();
    expect(error).toEqual({
      code: "validation",
      message: "Données invalides",
      status: 400,
      fields: { email: "Adresse e-mail invalide" },
    });
  });

  it("falls back to the caller's message when the error has none", async () => {
    reply(JSON.stringify({}), { status: 500 });
    const { error } = await apiRequest("/api/x", { fallbackMessage: "Échec de la connexion" });
    expect(error?.message).toBe("Échec de la connexion");
  });

  it("says 'Erreur serveur' when the reply is not JSON", async () => {
    reply("<html>502 Bad Gateway</html>", { status: 502 });
    const { error } = await apiRequest("/api/x");
    expect(error?.message).toBe(serverErrorMessage);
  });

  it("says 'Erreur réseau' when the request never reaches the server", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const { error } = await apiRequest("/api/x");
    expect(error).toMatchObject({ code: "network", message: networkErrorMessage, status: 0 });
  });

  it("treats 204 as success without data", async () => {
    reply(null, { status: 204 });
    expect(await apiRequest("/api/session", { method: "DELETE" })).toEqual({
      data: undefined,
      count: null,
      error: null,
    });
  });

  it("asks the auth provider to re-check the session on a 401 from another endpoint", async () => {
    reply(JSON.stringify({ error: { code: "unauthorized", message: "Non connecté" } }), {
      status: 401,
    });
    await apiRequest("/api/me");
    expect(dispatched).toEqual([unauthorizedEvent]);
    await apiRequest("/api/session", { method: "POST", body: {} });
    expect(dispatched).toEqual([unauthorizedEvent]);
  });
});
