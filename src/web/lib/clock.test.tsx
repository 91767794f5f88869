import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ClockProvider, useNow } from "./clock";

function Now() {
  return <time>{useNow().toISOString()}</time>;
}

describe("useNow", () => {
  it("reads the instant the page was drawn while the page is drawn and hydrated", () => {
    const drawnAt = Date.parse("2026-11-26T09:15:00Z");
    expect(
      renderToString(
        <ClockProvider drawnAt={drawnAt}>
          <Now />
        </ClockProvider>,
      ),
    ).toBe("<time>2026-11-26T09:15:00.000Z</time>");
  });

  it("reads the clock when the page was not drawn by the server", () => {
    const before = Date.now();
    const html = renderToString(
      <ClockProvider>
        <Now />
      </ClockProvider>,
    );
    const shown = Date.parse(html.replace(/<\/?time>/g, ""));
    expect(shown).toBeGreaterThanOrEqual(before);
    expect(shown).toBeLessThanOrEqual(Date.now());
  });
});
