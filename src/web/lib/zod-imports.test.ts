import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// zod stays out of the pages' first load (docs/architecture.md, "src/domain"): a domain module
// X.ts carries no zod, its schemas live in X.schema.ts, and the browser loads those only through
// import() (lib/lazy-zod.ts). A static import would put zod back on every page that imports the
// module, whatever it uses of it: Rollup keeps a top-level `z.object(…)` even when unused.

const src = join(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The modules a file imports at run time: `import type` and `export type` are erased; an import
 * of types only written `import { type A }` is not (verbatimModuleSyntax keeps `import {} from`).
 */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (
      (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
    ) {
      const specifier = statement.moduleSpecifier;
      return specifier && ts.isStringLiteral(specifier) ? [specifier.text] : [];
    }
    return [];
  });
}

const isZod = (specifier: string) => specifier === "zod" || specifier.startsWith("zod/");
const isSchemaModule = (specifier: string) => specifier.endsWith(".schema");

function offenders(dir: string, skip: (file: string) => boolean = () => false) {
  return sourceFiles(join(src, dir))
    .filter((file) => !skip(file))
    .flatMap((file) =>
      runtimeImports(file)
        .filter((specifier) => isZod(specifier) || isSchemaModule(specifier))
        .map((specifier) => `${relative(src, file)} imports ${specifier}`),
    );
}

describe("zod on demand", () => {
  it("keeps zod out of the domain modules that are not X.schema.ts", () => {
    expect(offenders("domain", (file) => file.endsWith(".schema.ts"))).toEqual([]);
  });

  it("lets the browser load zod and the schemas only through import()", () => {
    expect(offenders("web")).toEqual([]);
  });

  it("sees a static import (the check itself works)", () => {
    const file = join(src, "domain/api/loans.schema.ts");
    expect(runtimeImports(file)).toContain("zod");
  });
});
