import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Locator, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";

/** /admin/webhooks in English, as an organiser uses it. */
export class WebhooksPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto("/admin/webhooks");
    await expect(this.page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  }

  get newForm(): Locator {
    return this.page.getByRole("form", { name: "New receiver" });
  }

  typeBox(scope: Locator, type: string): Locator {
    return scope.getByRole("checkbox", { name: new RegExp(`^${type.replaceAll(".", "\\.")}\\b`) });
  }

  /** Opens the new-receiver form, types the address, ticks the types and presses Create. */
  async create(url: string, types: string[]) {
    await this.page.getByRole("button", { name: "New receiver" }).click();
    await this.newForm.getByLabel("Receiver URL").fill(url);
    for (const type of types) await this.typeBox(this.newForm, type).check();
    await this.newForm.getByRole("button", { name: "Create receiver" }).click();
  }

  row(url: string): Locator {
    return this.page.getByRole("table", { name: "Webhook receivers" }).getByRole("row").filter({ hasText: url });
  }

  action(url: string, label: string): Locator {
    return this.row(url).getByRole("button", { name: `${label} ${url}` });
  }

  /** The dialog showing a secret once; returns the secret and closes it. */
  async readSecretOnce(title: string): Promise<string> {
    const dialog = this.page.getByRole("dialog", { name: title });
    await expect(dialog.getByText("You will not see this secret again.")).toBeVisible();
    const secret = await dialog.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    return secret;
  }

  get log(): Locator {
    return this.page.getByRole("dialog", { name: "Delivery log" });
  }

  logRows(type: string): Locator {
    return this.log.getByRole("table", { name: "Messages sent to this receiver, newest first" }).getByRole("row").filter({ hasText: type });
  }
}

type Arrival = { path: string; id: string; type: string; raw: string; headers: Record<string, string> };

/** A receiving system on this machine: it answers 200 to every message and keeps each one to check. */
export class LocalReceiver {
  private readonly arrivals: Arrival[] = [];
  private server: http.Server | undefined;
  private port = 0;

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const { type } = JSON.parse(raw) as { type: string };
        const headers = request.headers as Record<string, string>;
        this.arrivals.push({ path: request.url ?? "", id: headers["webhook-id"] ?? "", type, raw, headers });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** An address of this receiver; each test posts to a path of its own. */
  url(path: string): string {
    return `http://127.0.0.1:${this.port}/${path}`;
  }

  /** The messages that came to `url`, each with whether `secret` signed it. */
  at(url: string, secret: string) {
    return this.arrivals
      .filter((arrival) => arrival.path === new URL(url).pathname)
      .map((arrival) => ({ id: arrival.id, type: arrival.type, signedBySecret: signedBy(arrival, secret) }));
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Whether `secret` signed the message, checked as a customer's receiver would (the Standard Webhooks library). */
function signedBy(arrival: Arrival, secret: string): boolean {
  try {
    new Webhook(secret).verify(arrival.raw, arrival.headers);
    return true;
  } catch {
    return false;
  }
}
