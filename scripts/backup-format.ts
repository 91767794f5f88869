// What backup and restore print: French units, one line per table.

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1).replace(".", ",")} s`;

export function bytes(n: number): string {
  if (n < 1024) return `${n} o`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1).replace(".", ",")} Kio`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1).replace(".", ",")} Mio`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2).replace(".", ",")} Gio`;
}

export function tableLines(tables: Array<{ name: string; rows: number }>): string {
  const width = Math.max(...tables.map((table) => table.name.length), 10);
  return tables
    .map((table) => `  ${table.name.padEnd(width)} ${String(table.rows).padStart(9)} lignes`)
    .join("\n");
}

export const kindLabel = (kind: "pglite" | "postgres") =>
  kind === "pglite" ? "base intégrée (PGlite)" : "serveur PostgreSQL";
