/**
 * The project's layer rules, checked by `npm run lint:layers` (part of `npm test`).
 * Data flows one way: functions → shared services → repositories and adapters. See README "Layout".
 */

/** Domain folders: business rules, with no HTTP and no AWS SDK (their repositories are the exception below). */
const DOMAIN = "^shared/(?!http/|aws/|data/|runtime/)[^/]+/";
/** Modules that may talk to AWS: adapters, the data helpers, repositories and the composition root. */
const AWS_ALLOWED = "^shared/(aws|data|runtime)/|-repository\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "shared-not-to-functions-or-infra",
      comment:
        "shared/ is the code every Lambda, the local stack and the ops CLI share; it knows none of them.",
      severity: "error",
      from: { path: "^shared/" },
      to: { path: "^(functions|infra)/" },
    },
    {
      name: "functions-not-to-infra",
      comment: "A Lambda's bundle must not pull in CDK, the local stack or the ops CLI.",
      severity: "error",
      from: { path: "^functions/" },
      to: { path: "^infra/" },
    },
    {
      name: "domain-not-to-http",
      comment: "Services throw domain errors; shared/http maps them to each API version's envelope.",
      severity: "error",
      from: { path: DOMAIN },
      to: { path: "^shared/http/" },
    },
    {
      name: "domain-not-to-aws-sdk",
      comment: "Only repositories and adapters call AWS, so rules are testable without it.",
      severity: "error",
      from: { path: "^shared/", pathNot: AWS_ALLOWED },
      to: { path: "node_modules/@aws-sdk/" },
    },
    {
      name: "functions-through-composition-root",
      comment:
        "Handlers get repositories and adapters from the composition roots in shared/runtime/, never build them.",
      severity: "error",
      from: { path: "^functions/" },
      to: { path: [AWS_ALLOWED.replace("|runtime", ""), "node_modules/@aws-sdk/"] },
    },
    {
      name: "functions-import-their-concern-roots",
      comment:
        "shared/runtime/dependencies.ts re-exports every root for the ops CLI and tests; a Lambda importing it would bundle all five AWS clients.",
      severity: "error",
      from: { path: "^functions/" },
      to: { path: "^shared/runtime/dependencies\\.ts$" },
    },
    {
      name: "refusals-only-from-the-catalogue",
      comment:
        "A refusal is declared in the catalogue (shared/errors/refusals/) and nowhere else: only its modules may build one.",
      severity: "error",
      from: { pathNot: "^shared/errors/refusals/" },
      to: { path: "^shared/errors/refusals/refusal-builders\\.ts$" },
    },
    {
      name: "no-folder-cycles",
      comment:
        "Folders depend on each other one way; a cycle means two concepts that should be one, or a missing third.",
      severity: "error",
      scope: "folder",
      from: { path: "^(shared|functions|infra)/" },
      to: { circular: true },
    },
    {
      name: "no-module-cycles",
      severity: "error",
      from: { path: "^(shared|functions|infra)/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // The client package's build output (npm run client:pack): generated, and not the project's code.
    exclude: { path: "^shared/client/dist/" },
    tsConfig: { fileName: "tsconfig.json" },
    // TypeScript 7 has no compiler API yet; swc parses the sources. Type-only imports count: a domain
    // module naming an HTTP type depends on HTTP all the same.
    parser: "swc",
    enhancedResolveOptions: { extensions: [".ts", ".js"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
