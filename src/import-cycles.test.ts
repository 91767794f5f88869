import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// No two modules of src/ import each other, even for types only: a cycle means neither can be
// read (or moved) without the other, and the shared piece belongs in a third module both import
// (e.g. PersonJson and ActorJson in domain/api/users.ts, the inbox's shapes in
// domain/api/contact-messages.ts).

const src = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Every relative module a file imports or re-exports, types included, resolved to its file: the
 * static declarations, the dynamic `import("./x")` calls (a module loaded lazily still needs the
 * other to be read) and the `typeof import("./x")` types.
 */
function localImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  const read = (node: ts.Node) => {
    const specifier =
      ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)
            ? node.argument.literal
            : undefined;
    if (specifier && ts.isStringLiteral(specifier)) specifiers.push(specifier.text);
    ts.forEachChild(node, read);
  };
  read(source);
  return specifiers
    .filter((specifier) => specifier.startsWith("."))
    .flatMap((specifier) => {
      const base = resolve(dirname(file), specifier);
      const candidates = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), base];
      const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
      return found ? [found] : [];
    });
}

/** The groups of modules that import each other, directly or through others (Tarjan). */
function importCycles(files: readonly string[]): string[][] {
  const edges = new Map(files.map((file) => [file, localImports(file)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!edges.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      const selfImport = (edges.get(file) ?? []).includes(file);
      if (group.length > 1 || selfImport) {
        cycles.push(group.map((path) => relative(src, path)).sort());
      }
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

describe("import cycles", () => {
  for (const dir of ["domain", "server", "web"]) {
    it(`has none in src/${dir}`, () => {
      expect(importCycles(sourceFiles(join(src, dir)))).toEqual([]);
    });
  }

  it("sees one (the check itself works)", () => {
    // loans.ts imports dossier.ts; with dossier.ts importing loans.ts back, they form a cycle.
    const loans = join(src, "domain/api/loans.ts");
    expect(localImports(loans)).toContain(join(src, "domain/api/dossier.ts"));
  });

  it("sees one made through a dynamic import() or an import type", () => {
    // As components/dialog.tsx loaded dialog-content.tsx, which imported dialog.tsx's types back.
    const dir = mkdtempSync(join(tmpdir(), "import-cycles-"));
    try {
      const files = {
        "opener.tsx": 'export const load = () => import("./content");\n',
        "content.tsx": 'import type { Props } from "./opener";\nexport type Used = Props;\n',
        "typed.ts": 'export type Lazy = typeof import("./content");\n',
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      const paths = Object.keys(files).map((name) => join(dir, name));
      expect(localImports(join(dir, "opener.tsx"))).toEqual([join(dir, "content.tsx")]);
      expect(localImports(join(dir, "typed.ts"))).toEqual([join(dir, "content.tsx")]);
      const cycles = importCycles(paths);
      expect(cycles).toHaveLength(1);
      expect(cycles[0]?.map((path) => path.split("/").at(-1))).toEqual([
        "content.tsx",
        "opener.tsx",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
