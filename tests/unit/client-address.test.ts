import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/api/client-address";

// The server entry appends the peer's address, so the last entry is always the real connection.
const request = (forwardedFor: string) =>
  new NextRequest("http://127.0.0.1/api/admin/login/", { headers: { "x-forwarded-for": forwardedFor } });

describe("clientAddress (TRUSTED_PROXY_HOPS)", () => {
  it("believes only the connection by default, whatever the client wrote before it", () => {
    expect(clientAddress(request("1.2.3.4, 10.0.0.9"), 0)).toBe("10.0.0.9");
    expect(clientAddress(request("10.0.0.9"), 0)).toBe("10.0.0.9");
  });

  it("with N trusted proxies, takes the address the outermost of them saw", () => {
    expect(clientAddress(request("6.6.6.6, 198.51.100.7, 10.0.0.2"), 1)).toBe("198.51.100.7");
    expect(clientAddress(request("6.6.6.6, 198.51.100.7, 10.0.0.3, 10.0.0.2"), 2)).toBe("198.51.100.7");
  });

  it("with fewer entries than proxies, takes the first rather than nothing", () => {
    expect(clientAddress(request("198.51.100.7, 10.0.0.2"), 3)).toBe("198.51.100.7");
    expect(clientAddress(request(""), 0)).toBe("unknown");
  });
});
