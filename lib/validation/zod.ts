import { z } from "zod";

/**
 * The one `z` the schemas here are built with. In the browser zod is jitless: its JIT probes `new
 * Function("")` once, which the Content-Security-Policy (no 'unsafe-eval', next.config.ts) refuses with an
 * error in the console; the probe runs when the first object schema is built, so this must come first. On
 * the server, which has no such policy, object parsing keeps the JIT's speed.
 */
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
