// Nothing a browser loads reaches server-only code (docs/architecture.md, "Layers"), checked by `npm run lint`.
// A separate run from .dependency-cruiser.cjs because here type-only imports do not count: the browser
// never loads them (a client component may name the type of what a server module builds).
const { readdirSync, readFileSync } = require("node:fs");
const path = require("node:path");
const layers = require("./.dependency-cruiser.cjs");

/** Every module that starts with "use client": Next.js sends it, and all it imports, to the browser. */
function clientModules(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...clientModules(file));
    else if (/\.tsx?$/.test(entry.name) && /^\s*["']use client["']/.test(readFileSync(file, "utf8"))) found.push(file);
  }
  return found;
}
const exactly = (file) => `^${file.replaceAll("\\", "/").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;

module.exports = {
  forbidden: [
    {
      name: "browser-loads-no-server-code",
      comment:
        'A client module ("use client", or anything in lib/client/) and all it imports run in the browser: none of it may reach the database, a service, the configuration, a module marked server-only or a Node module. (What imports one of those is server code too, so the list stays short.)',
      severity: "error",
      from: { path: [...["app", "components", "lib"].flatMap(clientModules).map(exactly), "^lib/client/"] },
      to: {
        reachable: true,
        path: ["^db/", "^lib/services/", "^lib/(config|database)[.]ts$", "(^|/)node_modules/server-only/", layers.NODE],
      },
    },
  ],
  options: { ...layers.options, tsPreCompilationDeps: false },
};
