// The five attacks on the organiser's lane, each for a few seconds against one instance, measured beside an
// honest phone (a product page and its state call, a 503 waited out as the page's script does) and the
// organiser's buttons (pause + resume, a random placement) and a sign-in. Part of `npm run bench:overload`.
// The attacker runs in a process of its own at a lower priority (`nice`), standing in for the laptop on
// another machine that it is: in the measuring process, its hundreds of loops would delay the measurements'
// own answers, and at full priority it would take the server's CPU as no remote attacker can.
// Run directly (`tsx scripts/bench-attacks.ts <index> <base> <page>`), it is that attacker, until killed.
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { signedInClient, TestClient } from "../tests/support/http-client";

type Attack = { name: string; start: (base: string, page: string) => () => void };
type Figures = { page: number[]; state: number[]; buttons: number[]; signIn: number[]; mostWaits: number; other5xx: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** `count` sockets that send a request's head and then one body byte every 5 s, opened again when closed. */
function slowBodies(count: number, head: (host: string) => string): Attack["start"] {
  return (base) => {
    const url = new URL(base);
    let running = true;
    const sockets = new Set<net.Socket>();
    const open = () => {
      if (!running) return;
      const socket = net.connect(Number(url.port), url.hostname, () => socket.write(`${head(url.host)}\r\n\r\n{`));
      const drip = setInterval(() => socket.write("x"), 5_000);
      sockets.add(socket);
      socket.on("data", () => undefined);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        clearInterval(drip);
        sockets.delete(socket);
        setTimeout(open, 100);
      });
    };
    for (let index = 0; index < count; index += 1) open();
    return () => {
      running = false;
      for (const socket of sockets) socket.destroy();
    };
  };
}

/** `count` loops sending the same request as fast as the server answers. */
function loops(
  count: number,
  request: (page: string) => { method: string; path: string; headers: Record<string, string>; body?: string },
): Attack["start"] {
  return (base, page) => {
    const url = new URL(base);
    const agent = new http.Agent({ keepAlive: true, maxSockets: count });
    let running = true;
    const loop = async () => {
      const { method, path, headers, body } = request(page);
      while (running) {
        await new Promise<void>((resolve) => {
          const sent = http.request({ host: url.hostname, port: url.port, method, path, headers, agent }, (response) => {
            response.resume();
            response.on("end", resolve);
            response.on("error", () => resolve());
          });
          sent.on("error", () => resolve());
          sent.end(body);
        });
      }
    };
    for (let index = 0; index < count; index += 1) void loop();
    return () => {
      running = false;
      agent.destroy();
    };
  };
}

const madeUpToken = "z".repeat(64);
const ATTACKS: Attack[] = [
  {
    name: "12 slow sign-in bodies",
    start: slowBodies(
      12,
      (host) => `POST /api/admin/login/ HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 100000`,
    ),
  },
  {
    name: "30 slow claim bodies",
    start: (base, page) =>
      slowBodies(
        30,
        (host) => `POST /api/p/${page}/prize/claim/ HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 100`,
      )(base, page),
  },
  { name: "250 loops, admin settings, no cookie", start: loops(250, () => ({ method: "GET", path: "/api/admin/settings/", headers: {} })) },
  {
    name: "250 loops, page, forged session",
    start: loops(250, (page) => ({ method: "GET", path: `/p/${page}`, headers: { cookie: "authjs.session-token=forged" } })),
  },
  {
    name: "200 loops, claims, made-up token",
    start: loops(200, (page) => ({
      method: "POST",
      path: `/api/p/${page}/prize/claim/`,
      headers: { "content-type": "application/json", cookie: `csrftoken=${madeUpToken}`, "x-csrftoken": madeUpToken },
      body: JSON.stringify({ name: "n".repeat(2_000), password: "1234" }),
    })),
  },
];

/** One call as the page's script makes it: a 503 is waited out (its Retry-After) and asked again. */
async function honestCall(client: TestClient, path: string, figures: Figures): Promise<number> {
  const started = performance.now();
  for (let tries = 0; ; tries += 1) {
    const response = await client.get(path);
    await response.arrayBuffer();
    if (response.status >= 500 && response.status !== 503) figures.other5xx += 1;
    if (response.status !== 503 || tries >= 3) return performance.now() - started;
    figures.mostWaits = Math.max(figures.mostWaits, tries + 1);
    await sleep(Number(response.headers.get("retry-after") || 1) * 1000);
  }
}

/** Runs each attack for `seconds` and prints, per attack, what the honest phone and the organiser saw. */
export async function runAttacks(
  base: string,
  page: string,
  admin: TestClient,
  organiser: { name: string; password: string },
  seconds: number,
) {
  console.log(`Attacks on the lane, ${seconds} s each (honest phone: page then state call; organiser: pause + resume, random placement):`);
  console.log(
    "  attack                                  page p50/max       state p50/max      buttons p50/max    sign-in  most 503 waits  other 5xx",
  );
  for (const attack of ATTACKS) {
    const figures: Figures = { page: [], state: [], buttons: [], signIn: [], mostWaits: 0, other5xx: 0 };
    const attacker = spawn(
      "nice",
      ["-n", "10", process.execPath, "--import", "tsx", import.meta.filename, String(ATTACKS.indexOf(attack)), base, page],
      {
        stdio: "inherit",
      },
    );
    const stop = () => attacker.kill("SIGTERM");
    await sleep(1_000);
    const until = Date.now() + seconds * 1000;
    const phone = async () => {
      while (Date.now() < until) {
        const client = new TestClient(base);
        figures.page.push(await honestCall(client, `/p/${page}`, figures));
        figures.state.push(await honestCall(client, `/api/p/${page}/prize/`, figures));
        await sleep(200);
      }
    };
    const buttons = async () => {
      while (Date.now() < until) {
        for (const press of [
          () => admin.patch("/api/admin/settings/", { paused: true }),
          () => admin.patch("/api/admin/settings/", { paused: false }),
          () => admin.post("/api/prize-distributions/randomize/", { reset: false, maintenance_mode: true }),
        ]) {
          const started = performance.now();
          const response = await press();
          await response.arrayBuffer();
          if (response.status >= 500) figures.other5xx += response.status === 503 ? 0 : 1;
          figures.buttons.push(performance.now() - started);
        }
        await sleep(500);
      }
    };
    const signIn = async () => {
      const started = performance.now();
      await signedInClient(base, organiser);
      figures.signIn.push(performance.now() - started);
    };
    await Promise.all([phone(), buttons(), signIn()]);
    stop();
    const pair = (values: number[]) =>
      `${percentile(values, 50).toFixed(0).padStart(5)} / ${Math.max(0, ...values)
        .toFixed(0)
        .padStart(5)} ms`;
    const signInMs = Math.max(0, ...figures.signIn).toFixed(0);
    const waits = `${figures.mostWaits}`.padStart(9);
    console.log(
      `  ${attack.name.padEnd(38)} ${pair(figures.page)}  ${pair(figures.state)}  ${pair(figures.buttons)}  ${signInMs.padStart(6)} ms  ${waits}  ${String(figures.other5xx).padStart(9)}`,
    );
    await sleep(2_000);
  }
}

if (process.argv[1] === import.meta.filename) {
  const [index, base, page] = process.argv.slice(2);
  const attack = ATTACKS[Number(index)];
  if (!attack || !base || !page) throw new Error("usage: bench-attacks.ts <attack index> <base url> <page url path>");
  attack.start(base, page);
  process.on("SIGTERM", () => process.exit(0));
}
