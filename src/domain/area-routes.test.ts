import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { areaRoutes, matchAreaRoute } from "./area-routes";

describe("area routes", () => {
  test("every path of the areas finds its page, with or without a trailing slash", () => {
    const cases: Record<string, string> = {
      "/client": "client",
      "/client/": "client",
      "/client/demande-pret": "client-new-loan",
      "/client/prets": "client-loans",
      "/client/prets/38": "client-loan",
      "/client/documents": "client-documents",
      "/client/profil/": "client-profile",
      "/admin": "admin",
      "/admin/prets/12": "admin-loan",
      "/admin/clients/4f9a": "admin-client",
      "/admin/messages": "admin-messages",
      "/admin/journal": "admin-journal",
      "/admin/parametres": "admin-settings",
      "/admin/double-authentification": "admin-two-factor",
    };
    for (const [path, id] of Object.entries(cases)) expect(matchAreaRoute(path)?.id, path).toBe(id);
  });

  test("other paths are not area pages (the server answers them with its 404 page)", () => {
    for (const path of [
      "/",
      "/clients",
      "/client/inconnue",
      "/client/prets/12/documents",
      "/CLIENT",
      "/auth/login",
      "/administration",
    ]) {
      expect(matchAreaRoute(path), path).toBeUndefined();
    }
  });

  test("ids are unique and every page module exists", () => {
    expect(new Set(areaRoutes.map((route) => route.id)).size).toBe(areaRoutes.length);
    for (const route of areaRoutes) {
      expect(existsSync(join(import.meta.dirname, "..", "web", route.page)), route.page).toBe(true);
      expect(route.path.startsWith(`/${route.area}`), route.path).toBe(true);
    }
  });
});
