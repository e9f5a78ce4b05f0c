import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { isRefusedAddress } from "@/lib/webhooks/address-check";
import { newWebhookSecret, webhookHeaders } from "@/lib/webhooks/signing";

describe("webhook signing", () => {
  it("signs as the Standard Webhooks reference implementation verifies", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const body = JSON.stringify({ type: "webhook.test", timestamp: new Date().toISOString(), data: {} });
    const headers = webhookHeaders(secret, "msg_abc", body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("a signature made with another secret, or over another body, does not verify", () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders(newWebhookSecret(), "msg_abc", "{}");
    expect(() => new Webhook(secret).verify("{}", headers)).toThrow();
    expect(() => new Webhook(secret).verify('{"a":1}', webhookHeaders(secret, "msg_abc", "{}"))).toThrow();
  });
});

describe("receiver addresses", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "0.0.0.0",
    "0.1.2.3",
    "::",
    "::1",
    "[::1]",
    "fe80::1",
    "febf::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:10.0.0.1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "0:0:0:0:0:ffff:192.168.0.1",
    "not-an-address",
  ])("refuses %s", (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "172.32.0.1", "172.15.255.255", "100.128.0.1", "192.169.0.1", "2001:4860:4860::8888", "::ffff:8.8.8.8", "fec0::1"])(
    "allows %s",
    (address) => {
      expect(isRefusedAddress(address)).toBe(false);
    },
  );
});
