import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CardField, CardFields, type ResponsiveColumn, ResponsiveList } from "./responsive-list";

// The width a ResizeObserver would measure; the server renderer runs no layout effect.
let measured: number | null = null;
vi.mock("../lib/use-container-width", () => ({
  useContainerWidth: () => [() => {}, measured] as const,
}));

type Row = { id: number; name: string };
const rows: Row[] = [
  { id: 1, name: "Awa" },
  { id: 2, name: "Kofi" },
];
const name: ResponsiveColumn<Row> = {
  id: "name",
  header: "Nom",
  headerClassName: "px-5",
  className: "px-5 font-medium",
  cell: (row) => row.name,
};
const number: ResponsiveColumn<Row> = {
  id: "number",
  header: "N°",
  headerClassName: "px-4",
  className: "px-4",
  cell: (row) => `#${row.id}`,
};

function render(props: Partial<ComponentProps<typeof ResponsiveList<Row>>> = {}) {
  return renderToStaticMarkup(
    <ResponsiveList<Row>
      items={rows}
      itemKey={(row) => row.id}
      label="Clients"
      tableMinWidth={600}
      columns={[name, number]}
      card={(row) => `carte ${row.name}`}
      {...props}
    />,
  );
}

describe("ResponsiveList", () => {
  beforeEach(() => {
    measured = null;
  });

  it("shows named cards until its box is measured, and while it is narrower than the table", () => {
    const cards =
      '<div><ul aria-label="Clients" class="divide-y divide-slate-100">' +
      '<li class="px-5 py-4">carte Awa</li><li class="px-5 py-4">carte Kofi</li></ul></div>';
    expect(render()).toBe(cards);
    measured = 599;
    expect(render()).toBe(cards);
    expect(render({ cardClassName: "px-5 py-3" })).toContain(
      '<li class="px-5 py-3">carte Awa</li>',
    );
  });

  it("shows a captioned table with one cell a column from the table's width, leaving out false columns", () => {
    measured = 600;
    const html = render({ columns: [false, name, number], rowClassName: "relative" });
    expect(html).toMatch(/^<div><table class="w-full text-left text-sm">/);
    expect(html).toContain('<caption class="sr-only">Clients</caption>');
    expect(html).toContain(
      '<tr><th scope="col" class="px-5">Nom</th><th scope="col" class="px-4">N°</th></tr>',
    );
    expect(html).toContain(
      '<tr class="relative"><td class="px-5 font-medium">Awa</td><td class="px-4">#1</td></tr>',
    );
    expect(html).not.toContain("<ul");
  });

  it("scrolls a table wider than its box, in a named box the keyboard reaches when asked", () => {
    measured = 800;
    expect(render({ overflow: "scroll" })).toMatch(/^<div class="overflow-x-auto"><table/);
    expect(render({ overflow: "focusable" })).toMatch(
      /^<div><section class="overflow-x-auto" tabindex="0" aria-label="Clients"><table/,
    );
  });
});

describe("CardField", () => {
  it("pairs a label with its value, unstyled when given an empty class", () => {
    const html = renderToStaticMarkup(
      <CardFields>
        <CardField label="Ville">Abidjan</CardField>
        <CardField label="Assignée à" className="">
          Non assignée
        </CardField>
      </CardFields>,
    );
    expect(html).toBe(
      '<dl class="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">' +
        '<dt class="text-slate-600">Ville</dt><dd class="text-slate-900">Abidjan</dd>' +
        '<dt class="text-slate-600">Assignée à</dt><dd>Non assignée</dd></dl>',
    );
  });
});
