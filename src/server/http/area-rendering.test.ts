import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { appBootId, areasRootId, earlyGetAttribute, renderedStateId } from "../../domain/web-boot";
import { projectRoot } from "../project-root";
import { apiFixture } from "../test/api-fixture";
import { type AreaRenderer, loadAreaRenderer } from "./area-rendering";

// The areas' renderer as the server runs it, from its source (the build runs the same module
// compiled), against the real API of a test platform: what a page shows is what its user's cookie
// may read, and nothing of another user's.
const {
  t,
  officers: [officer],
  clients: [awa, kofi],
} = apiFixture({ officers: 1, clients: 2 });

// An area page as the build writes it, reduced to what the server fills in.
const pageHtml =
  `<!DOCTYPE html><html lang="fr"><head><script type="application/json" ${earlyGetAttribute}>` +
  `{"pattern":"/client/profil","get":[],"paintFirst":true}</script></head><body>` +
  `<div id="${areasRootId}"><p>Chargement…</p></div>` +
  `<script type="text/plain" id="${appBootId}">import "/assets/areas.js";</script></body></html>`;

let render: AreaRenderer;
beforeAll(async () => {
  const renderer = await loadAreaRenderer(
    t.app,
    join(projectRoot(), "src", "web", "areas", "render-page.tsx"),
  );
  if (!renderer) throw new Error("render-page.tsx introuvable");
  render = renderer;
});

const visit = (url: string, cookie: string) => ({ url, cookie, ip: "203.0.113.7" });

function stateOf(html: string | undefined) {
  const block = new RegExp(
    `<script type="application/json" id="${renderedStateId}">(.*?)</script>`,
  ).exec(html ?? "")?.[1];
  return block ? JSON.parse(block) : undefined;
}

describe("pages drawn by the server", () => {
  it("draws each client's own profile, even when both are drawn at once", async () => {
    const [forAwa, forKofi] = await Promise.all([
      render(visit("/client/profil", awa.cookie), pageHtml),
      render(visit("/client/profil", kofi.cookie), pageHtml),
    ]);
    expect(forAwa.html).toContain(`value="${awa.email}"`);
    expect(forAwa.html).not.toContain(kofi.email);
    expect(forKofi.html).toContain(`value="${kofi.email}"`);
    expect(forKofi.html).not.toContain(awa.email);
    expect(forAwa.html).not.toContain("Chargement…");
    expect(stateOf(forAwa.html)?.session.user.email).toBe(awa.email);
  });

  it("draws an officer's page with the data the officers' API gives", async () => {
    const drawn = await render(visit("/admin/clients", officer.cookie), pageHtml);
    expect(drawn.html).toContain(awa.email);
    const reads = stateOf(drawn.html)?.queries as { key: unknown[] }[];
    expect(reads.length).toBeGreaterThan(0);
  });

  it("leaves the page to the browser for a visitor the area would send elsewhere", async () => {
    // A client in the officers' area, an unknown cookie, an address outside the areas.
    expect((await render(visit("/admin/clients", awa.cookie), pageHtml)).html).toBeUndefined();
    expect((await render(visit("/client", "session=inconnue"), pageHtml)).html).toBeUndefined();
    expect((await render(visit("/contact", awa.cookie), pageHtml)).html).toBeUndefined();
  });

  it("leaves the page to the browser when a read fails (another client's request)", async () => {
    const drawn = await render(visit("/client/prets/999999", awa.cookie), pageHtml);
    expect(drawn.html).toBeUndefined();
  });
});
