/**
 * The app's view of the configuration: one reader for the server entry and the app (server/config.mjs),
 * parsed once per process. Nothing else in the app reads process.env for a setting.
 */
export { ConfigError, getConfig, parseConfig } from "@/server/config.mjs";
