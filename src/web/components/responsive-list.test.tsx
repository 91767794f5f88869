import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CardField, CardFields, type ResponsiveColumn, ResponsiveList } from "./responsive-list";

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
  it("writes the named cards and the captioned table, each shown by a container query", () => {
    const html = render({ columns: [false, name, number], rowClassName: "relative" });
    expect(html).toMatch(/^<div class="@container">/);
    expect(html).toContain(
      '<ul aria-label="Clients" class="divide-y divide-slate-100 @min-[600px]:hidden">' +
        '<li class="px-5 py-4">carte Awa</li><li class="px-5 py-4">carte Kofi</li></ul>',
    );
    expect(html).toContain('<div class="hidden @min-[600px]:block"><table class="w-full');
    expect(html).toContain('<caption class="sr-only">Clients</caption>');
    expect(html).toContain(
      '<tr><th scope="col" class="px-5">Nom</th><th scope="col" class="px-4">N°</th></tr>',
    );
    expect(html).toContain(
      '<tr class="relative"><td class="px-5 font-medium">Awa</td><td class="px-4">#1</td></tr>',
    );
    expect(render({ cardClassName: "px-5 py-3" })).toContain(
      '<li class="px-5 py-3">carte Awa</li>',
    );
  });

  it("scrolls a table wider than its box, in a named box the keyboard reaches when asked", () => {
    expect(render({ overflow: "scroll" })).toContain(
      '<div class="overflow-x-auto hidden @min-[600px]:block"><table',
    );
    expect(render({ overflow: "focusable" })).toContain(
      '<section class="overflow-x-auto hidden @min-[600px]:block" tabindex="0" aria-label="Clients"><table',
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
