import { describe, expect, it } from "vitest";
import { moduleReferences, rewriteReferences } from "../../../shared/client/build/module-references.js";

const DECLARATIONS = [
  '/** Example: `import { x } from "./not-an-import.js"` */',
  'import type { A } from "./a.js";',
  '// export * from "./commented.js";',
  'export * from "zod/mini";',
  "export declare const b: import('../b.js').B;",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a declaration's template literal type, as text
  'export type C = { from: "./a-string.js"; path: `${string} ./template.js` };',
  'import "./side-effect.js";',
  'export { D } from "./d.js";',
].join("\n");

describe("moduleReferences (the client's declaration build)", () => {
  it("finds the specifiers after from, import( and import, and none in comments, other strings or templates", () => {
    expect(moduleReferences(DECLARATIONS).map((r) => r.specifier)).toEqual([
      "./a.js",
      "zod/mini",
      "../b.js",
      "./side-effect.js",
      "./d.js",
    ]);
  });

  it("rewrites only the specifiers it is given a replacement for, and nothing else of the file", () => {
    const rewritten = rewriteReferences(DECLARATIONS, (specifier) =>
      specifier === "zod/mini" ? "../vendor/zod/mini/index.js" : undefined,
    );
    expect(rewritten).toBe(DECLARATIONS.replace('"zod/mini"', '"../vendor/zod/mini/index.js"'));
  });
});
