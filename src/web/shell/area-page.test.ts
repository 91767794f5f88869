import { describe, expect, it } from "vitest";
import { areaRoutes } from "../../domain/area-routes";
import { earlyGetAttribute, renderedStateId } from "../../domain/web-boot";
import { areaPageHtml, type RenderedState, scriptJson, withRenderedPage } from "./area-page";

const route = areaRoutes.find((at) => at.id === "client-loan");
if (!route) throw new Error("route client-loan absente");
const page = areaPageHtml({
  route,
  stylesheet: { css: "body{margin:0}" },
  entry: "/assets/areas-x.js",
  modules: ["/assets/areas-x.js"],
});

const state: RenderedState = {
  session: {
    user: {
      id: "u1",
      email: "awa@exemple.ci",
      firstName: "Awa",
      lastName: "Koné",
      phone: null,
      address: null,
      city: null,
      country: null,
      postalCode: null,
      role: "client",
      office: null,
      twoFactorEnabled: false,
      createdAt: "2026-11-01T10:00:00.000Z",
    },
  },
  queries: [
    {
      key: ["client", "loans", "detail", 12],
      data: { purpose: "</script><script>alert(1)</script>" },
      at: 1,
    },
  ],
  drawnAt: 2,
};

function earlyData(html: string) {
  const block = new RegExp(
    `<script type="application/json" ${earlyGetAttribute}>(.*?)</script>`,
  ).exec(html);
  return JSON.parse(block?.[1] ?? "null");
}

describe("withRenderedPage", () => {
  const rendered = withRenderedPage(page, { markup: "<main>Votre demande</main>", state });

  it("puts the page's markup in place of the frame, and keeps the scripts", () => {
    expect(rendered).toBeDefined();
    expect(rendered).toContain('<div id="app"><main>Votre demande</main></div>');
    expect(rendered).not.toContain("Chargement…");
    expect(rendered).toContain(
      '<script type="text/plain" id="app-boot">import "/assets/areas-x.js";</script>',
    );
    expect(rendered).toContain('["/assets/areas-x.js"]');
  });

  it("tells the boot script there is nothing to ask for", () => {
    expect(earlyData(page)).toMatchObject({ get: ["/api/loans/:loanId"], paintFirst: false });
    expect(earlyData(rendered ?? "")).toEqual({
      pattern: "/client/prets/:loanId",
      get: [],
      paintFirst: true,
      rendered: true,
    });
  });

  it("writes the data as JSON that no text of the user can close", () => {
    const html = rendered ?? "";
    const block = new RegExp(
      `<script type="application/json" id="${renderedStateId}">(.*?)</script>`,
    ).exec(html);
    expect(block?.[1]).toBeDefined();
    expect(JSON.parse(block?.[1] ?? "")).toEqual(state);
    // One <script> element per block: the purpose's "</script>" stayed inside its string.
    expect(html.match(/<script>alert/g)).toBeNull();
  });

  it("refuses a page that is not an area page", () => {
    expect(
      withRenderedPage("<!DOCTYPE html><html></html>", { markup: "x", state }),
    ).toBeUndefined();
  });
});

describe("scriptJson", () => {
  it("escapes what would end a script element or a line", () => {
    const text = scriptJson({ a: "</script><!-- \u2028 \u2029" });
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ a: "</script><!-- \u2028 \u2029" });
  });
});
