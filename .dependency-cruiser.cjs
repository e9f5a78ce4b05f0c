// The layers (docs/architecture.md, "Layers"), checked by `npm run lint`:
//
//   app  ->  components  ->  lib  ->  db  ->  shared
//
// each importing only from the layers to its right. Type-only imports count: a type that crosses a layer
// upward is the start of a loop. What a browser loads is checked by .dependency-cruiser-browser.cjs.
const { builtinModules } = require("node:module");

/** Node's own modules, however named (`fs`, `node:fs`, `fs/promises`). */
const NODE = `^(node:)?(${builtinModules.filter((name) => !name.startsWith("_")).join("|")})$`;
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "No module reaches itself through its imports: a loop means the order modules load in decides what is undefined at start-up, and no layer is below another. Move what the two ends share down a layer.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-imports-no-layer",
      comment:
        "shared/ is the bottom layer: pure helpers and the types every layer shares. It imports nothing from app/, components/, lib/ or db/ (and no Node module: browsers load it too).",
      severity: "error",
      from: { path: "^shared/" },
      to: { path: ["^(app|components|lib|db)/", NODE] },
    },
    {
      name: "db-imports-only-shared",
      comment: "db/ knows tables and SQL: it imports nothing from lib/, components/ or app/ (what it shares with them lives in shared/).",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^(lib|components|app)/" },
    },
    {
      name: "lib-imports-no-screen",
      comment: "lib/ imports nothing from components/ or app/.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(components|app)/" },
    },
    {
      name: "components-import-no-db",
      comment: "components/ render and call lib/: they never import db/ (types they show are in shared/contracts/) nor app/.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^(db|app)/" },
    },
    {
      name: "nothing-imports-app",
      comment: "app/ composes: only app/ itself (and the tests) import from it.",
      severity: "error",
      from: { pathNot: "^(app|tests)/" },
      to: { path: "^app/" },
    },
    {
      name: "server-imports-no-app",
      comment:
        "server.mjs and server/ run as plain Node beside the bundled app: they import none of the app's TypeScript (they meet it on Node's diagnostics channels, server/channels.mjs); plain JavaScript both share (shared/*.mjs) is theirs too.",
      severity: "error",
      from: { path: ["^server/", "^server[.]mjs$"] },
      to: { path: "^(app|components|lib|db|shared|i18n)/", pathNot: "^shared/.*[.]mjs$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^[.]next/", "^node_modules/", "^drizzle/", "^data/", "^test-results/", "^playwright-report/"] },
    includeOnly: {
      path: ["^(app|components|lib|db|shared|i18n|tests|scripts|server)/", "^[^/]+[.](ts|mts|mjs)$", "node_modules/server-only/", NODE],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

// For .dependency-cruiser-browser.cjs (not a configuration key, so not enumerable).
Object.defineProperty(module.exports, "NODE", { value: NODE });
