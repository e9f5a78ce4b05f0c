// The production shape on one machine: nginx (deploy/nginx.conf.template) in front of N instances of the
// production server (server.mjs) on one Postgres, and Prometheus scraping the instances (deploy/prometheus.yml's
// job) when asked and installed. Used by `npm run deploy:local` and by the deployment test (tests/deploy/),
// which storms it.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";

const root = path.resolve(import.meta.dirname, "..");

export type LocalDeploymentOptions = {
  /** Postgres database all instances share; created when missing. */
  databaseUrl: string;
  instances: number;
  /** nginx's port; the instances listen on the ports after it (or on `instancePorts`), on 127.0.0.1 only. */
  port: number;
  instancePorts?: number[];
  /** Where nginx's config, logs and the generated AUTH_SECRET live. */
  workDir: string;
  /** Extra environment for every instance (ADMIN_NAME, APP_TIMEZONE, ...). */
  env?: Record<string, string>;
  /** Where the instances' and nginx's output goes: the console, or kept for a test to read. */
  output?: "inherit" | "keep";
  /**
   * Prometheus on this port scraping every instance (deploy/prometheus.yml's job), with these alert rules
   * (default deploy/prometheus-alerts.yml), when the `prometheus` binary is installed (findPrometheus);
   * `required`: fail without it rather than run without.
   */
  prometheus?: { port: number; scrapeInterval?: string; rulesFile?: string; required?: boolean };
};

export type LocalDeployment = {
  url: string;
  instanceUrls: string[];
  /** Prometheus's address, when it was started; its config file beside. */
  prometheus: { url: string; configFile: string } | null;
  /** The instances' METRICS_TOKEN (GET /metrics with `Authorization: Bearer <token>`). */
  metricsToken: string;
  accessLog: string;
  output: () => string;
  stop: () => Promise<void>;
};

/** nginx's path, installing Debian's package when it is missing and we may (root, apt-get present). */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    throw new Error("nginx is not installed. Install it (Debian/Ubuntu: sudo apt-get install -y nginx) and run this again.");
  }
  console.log("Installing nginx (apt-get install -y nginx)...");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "nginx"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  const installed = findNginx();
  if (!installed) throw new Error("nginx was installed but is not on the PATH.");
  return installed;
}

function findNginx(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/bin/nginx", "/usr/bin/nginx"]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Prometheus's and promtool's paths (Debian's `prometheus` package: scripts/ensure-prometheus.sh), or null. */
export function findPrometheus(): { prometheus: string; promtool: string } | null {
  for (const dir of ["/usr/bin", "/usr/local/bin", "/opt/prometheus"]) {
    const prometheus = path.join(dir, "prometheus");
    const promtool = path.join(dir, "promtool");
    if (existsSync(prometheus) && existsSync(promtool)) return { prometheus, promtool };
  }
  return null;
}

/**
 * deploy/prometheus.yml's scrape job for these instances, as JSON (which is YAML): the token from a file,
 * as in production, and the alert rules. Fast intervals are for the test (1 s); the recipe scrapes every 15 s.
 */
function prometheusConfig(options: { targets: string[]; tokenFile: string; rulesFile: string; interval: string }): string {
  return `${JSON.stringify(
    {
      global: { scrape_interval: options.interval, scrape_timeout: options.interval, evaluation_interval: options.interval },
      rule_files: [options.rulesFile],
      scrape_configs: [
        {
          job_name: "prize-giveaway",
          metrics_path: "/metrics",
          scheme: "http",
          authorization: { type: "Bearer", credentials_file: options.tokenFile },
          static_configs: [{ targets: options.targets }],
        },
      ],
    },
    null,
    2,
  )}\n`;
}

async function waitForReady(url: string, child: ChildProcess, output: () => string, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready within 60 s:\n${output()}`);
}

/** Creates the database when it does not exist yet (the instances migrate it at start-up). */
async function ensureDatabase(databaseUrl: string): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new Error(`DATABASE_URL: use a plain database name (letters, digits, _), not "${name}".`);
  const server = new URL(databaseUrl);
  server.pathname = "/postgres";
  const sql = postgres(server.toString(), { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const [row] = await sql`select 1 as found from pg_database where datname = ${name}`;
    if (!row) await sql.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await sql.end();
  }
}

/** One AUTH_SECRET for every instance (sessions signed by one are read by the others), kept across runs. */
function sharedAuthSecret(workDir: string): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  return keptSecret(path.join(workDir, "auth-secret"));
}

function keptSecret(file: string): string {
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/**
 * A path only this run's nginx answers, with a token of this run. Whatever answers the port is then known to
 * be ours: an nginx that cannot bind its port (another server holds it) retries for about 2.5 s before it
 * exits, and meanwhile the other server may well answer /api/health/ (an earlier deploy:local does).
 */
const RUN_PATH = "/.local-deployment-run";

function nginxConfig(prefix: string, port: number, instancePorts: number[], runToken: string): string {
  const template = readFileSync(path.join(root, "deploy/nginx.conf.template"), "utf8");
  const servers = instancePorts.map((instancePort) => `    server 127.0.0.1:${instancePort} max_fails=2 fail_timeout=5s;`).join("\n");
  const userDirective = process.getuid?.() === 0 ? "user root;" : "";
  const listen = "    listen {{LISTEN_PORT}};";
  if (!template.includes(listen)) throw new Error(`deploy/nginx.conf.template: no "${listen.trim()}" line to add the run's check beside.`);
  return template
    .replace(listen, `${listen}\n    location = ${RUN_PATH} { return 200 "${runToken}"; }`)
    .replaceAll("{{USER_DIRECTIVE}}", userDirective)
    .replaceAll("{{PREFIX}}", prefix)
    .replaceAll("{{LISTEN_PORT}}", `127.0.0.1:${port}`)
    .replaceAll("{{UPSTREAM_SERVERS}}", servers);
}

/** Waits until this run's nginx answers its port; fails, naming nginx's own complaint, when it exits first. */
async function waitForOwnNginx(url: string, runToken: string, child: ChildProcess, errorLog: string): Promise<void> {
  let otherAnswered = false;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const complaints = existsSync(errorLog)
        ? readFileSync(errorLog, "utf8")
            .split("\n")
            .filter((line) => /\[(emerg|alert|crit)\]/.test(line))
        : [];
      throw new Error(
        [
          `nginx did not start on ${url} (it exited: ${child.exitCode ?? child.signalCode}).`,
          ...(otherAnswered ? [`Another server answers at ${url}: stop it, or pass another --port.`] : []),
          ...(complaints.length > 0
            ? [`nginx said: ${[...new Set(complaints.map((line) => line.replace(/^.*?\[/, "[")))].join("; ")}`]
            : []),
        ].join("\n"),
      );
    }
    try {
      const response = await fetch(`${url}${RUN_PATH}`);
      if (response.status === 200 && (await response.text()) === runToken) return;
      otherAnswered = true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `nginx did not answer at ${url} within 30 s${otherAnswered ? `, and another server does: stop it, or pass another --port` : ""}.`,
  );
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health/`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer /api/health/ within 90 s:\n${output()}`);
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

export async function startLocalDeployment(options: LocalDeploymentOptions): Promise<LocalDeployment> {
  if (!existsSync(path.join(root, ".next/BUILD_ID"))) throw new Error("No production build: run `npm run build` first.");
  const nginx = ensureNginx();
  await ensureDatabase(options.databaseUrl);
  const prefix = path.resolve(options.workDir, "nginx");
  for (const dir of ["", "client_body", "proxy", "fastcgi", "uwsgi", "scgi", "cache"])
    mkdirSync(path.join(prefix, dir), { recursive: true });
  const authSecret = sharedAuthSecret(path.resolve(options.workDir));
  // The instances' METRICS_TOKEN, in the file Prometheus reads it from (as in production: credentials_file).
  const metricsTokenFile = path.resolve(options.workDir, "metrics-token");
  const metricsToken = process.env.METRICS_TOKEN || keptSecret(metricsTokenFile);
  if (process.env.METRICS_TOKEN) writeFileSync(metricsTokenFile, metricsToken, { mode: 0o600 });
  let logged = "";
  const stdio = options.output === "keep" ? "pipe" : "inherit";
  const keep = (child: ChildProcess, label: string) => {
    child.stdout?.on("data", (chunk) => (logged += `[${label}] ${chunk}`));
    child.stderr?.on("data", (chunk) => (logged += `[${label}] ${chunk}`));
  };

  const instancePorts = options.instancePorts ?? Array.from({ length: options.instances }, (_, index) => options.port + 1 + index);
  const instances = instancePorts.map((instancePort, index) => {
    const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
      cwd: root,
      env: {
        ...process.env,
        ...options.env,
        NODE_ENV: "production",
        PORT: String(instancePort),
        // Reached only through nginx.
        HOSTNAME: "127.0.0.1",
        DATABASE_URL: options.databaseUrl,
        AUTH_SECRET: authSecret,
        // nginx appends the visitor's address to X-Forwarded-For: believe that one entry, no more.
        TRUSTED_PROXY_HOPS: "1",
        METRICS_TOKEN: metricsToken,
      },
      stdio: ["ignore", stdio, stdio],
      // A process group of its own: Ctrl+C reaches this script alone, which stops nginx first, then the
      // instances once (a second signal would make an instance stop without finishing its requests).
      detached: true,
    });
    keep(child, `instance ${index + 1}`);
    return child;
  });
  const instanceUrls = instancePorts.map((instancePort) => `http://127.0.0.1:${instancePort}`);
  const stopInstances = () => Promise.all(instances.map((child) => stopChild(child, "SIGTERM")));
  try {
    await Promise.all(
      instances.map((child, index) =>
        waitForHealth(`http://127.0.0.1:${instancePorts[index]}`, child, () => logged, `Instance ${index + 1}`),
      ),
    );
  } catch (error) {
    await stopInstances();
    throw error;
  }

  const configFile = path.join(prefix, "nginx.conf");
  const runToken = randomBytes(16).toString("hex");
  writeFileSync(configFile, nginxConfig(prefix, options.port, instancePorts, runToken));
  // This run's complaints only: the log is read when nginx exits.
  const errorLog = path.join(prefix, "error.log");
  rmSync(errorLog, { force: true });
  const proxy = spawn(nginx, ["-p", prefix, "-c", configFile, "-g", "daemon off;"], { stdio: ["ignore", stdio, stdio], detached: true });
  keep(proxy, "nginx");
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitForOwnNginx(url, runToken, proxy, errorLog);
    await waitForHealth(url, proxy, () => logged, "nginx");
  } catch (error) {
    await stopInstances();
    await stopChild(proxy, "SIGKILL");
    throw error;
  }
  let prometheus: { url: string; configFile: string; child: ChildProcess } | null = null;
  if (options.prometheus) {
    try {
      prometheus = await startPrometheus(options.prometheus, {
        workDir: path.resolve(options.workDir),
        targets: instancePorts.map((instancePort) => `127.0.0.1:${instancePort}`),
        tokenFile: metricsTokenFile,
        stdio,
        keep,
        output: () => logged,
      });
    } catch (error) {
      await stopChild(proxy, "SIGQUIT");
      await stopInstances();
      throw error;
    }
  }
  return {
    url,
    instanceUrls,
    prometheus: prometheus && { url: prometheus.url, configFile: prometheus.configFile },
    metricsToken,
    accessLog: path.join(prefix, "access.log"),
    output: () => logged,
    // Prometheus, then nginx (SIGQUIT: finish what it has), then the instances (SIGTERM: finish requests, close Postgres).
    stop: async () => {
      if (prometheus) await stopChild(prometheus.child, "SIGTERM");
      await stopChild(proxy, "SIGQUIT");
      await stopInstances();
    },
  };
}

/** Prometheus on its own fresh data folder (a run's samples are that run's), scraping the instances. */
async function startPrometheus(
  options: NonNullable<LocalDeploymentOptions["prometheus"]>,
  run: {
    workDir: string;
    targets: string[];
    tokenFile: string;
    stdio: "inherit" | "pipe";
    keep: (child: ChildProcess, label: string) => void;
    output: () => string;
  },
): Promise<{ url: string; configFile: string; child: ChildProcess } | null> {
  const found = findPrometheus();
  if (!found) {
    if (options.required)
      throw new Error("prometheus is not installed: run scripts/ensure-prometheus.sh (as root), or apt-get install -y prometheus.");
    return null;
  }
  const dir = path.join(run.workDir, "prometheus");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "data"), { recursive: true });
  const configFile = path.join(dir, "prometheus.yml");
  const rulesFile = path.resolve(options.rulesFile ?? path.join(root, "deploy/prometheus-alerts.yml"));
  writeFileSync(
    configFile,
    prometheusConfig({ targets: run.targets, tokenFile: run.tokenFile, rulesFile, interval: options.scrapeInterval ?? "15s" }),
  );
  const listen = `127.0.0.1:${options.port}`;
  const child = spawn(
    found.prometheus,
    [`--config.file=${configFile}`, `--storage.tsdb.path=${path.join(dir, "data")}`, `--web.listen-address=${listen}`, "--log.level=warn"],
    { stdio: ["ignore", run.stdio, run.stdio], detached: true },
  );
  run.keep(child, "prometheus");
  const url = `http://${listen}`;
  try {
    await waitForReady(`${url}/-/ready`, child, run.output, "Prometheus");
  } catch (error) {
    await stopChild(child, "SIGKILL");
    throw error;
  }
  return { url, configFile, child };
}
