/** Runs once when a server instance starts, before it answers requests. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { routeConsoleThroughLog } = await import("./lib/log");
  routeConsoleThroughLog();
  const { startUp } = await import("./lib/startup");
  await startUp();
}
