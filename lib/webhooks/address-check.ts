import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Addresses a receiver may not be at: a webhook URL must not reach into the server's own network
 * (loopback, private, link-local, carrier-grade NAT, unique-local, unspecified). IPv4-mapped IPv6 forms
 * (`::ffff:10.0.0.1`) are unwrapped and checked as IPv4.
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  refused.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["fe80::", 10],
  ["fc00::", 7],
] as const)
  refused.addSubnet(network, prefix, "ipv6");
refused.addAddress("::", "ipv6");
refused.addAddress("::1", "ipv6");

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d` or `::ffff:xxxx:xxxx`) stands for, if it is one. */
function mappedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] ?? "0", 16);
  const low = Number.parseInt(hex[2] ?? "0", 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether a literal IP address is one a receiver may not be at (anything not an IP address counts as refused). */
export function isRefusedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = isIP(bare) === 6 ? mappedIpv4(bare) : undefined;
  if (mapped) return isRefusedAddress(mapped);
  const family = isIP(bare);
  if (family === 0) return true;
  return refused.check(bare, family === 4 ? "ipv4" : "ipv6");
}

export class RefusedReceiver extends Error {}

/**
 * The addresses `host` stands for (itself when literal), each checked: throws RefusedReceiver naming the
 * first refused one, unless `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE, for tests and closed networks).
 */
export async function checkedAddresses(host: string, allowPrivate: boolean): Promise<{ address: string; family: number }[]> {
  const bare = host.replace(/^\[|\]$/g, "");
  const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await lookup(bare, { all: true, verbatim: true });
  if (addresses.length === 0) throw new RefusedReceiver(`${host} has no address`);
  if (!allowPrivate) {
    for (const { address } of addresses) {
      if (isRefusedAddress(address))
        throw new RefusedReceiver(
          address === bare
            ? `${address} is a loopback, private or link-local address`
            : `${host} resolves to ${address}, a loopback, private or link-local address`,
        );
    }
  }
  return addresses;
}

/**
 * A `lookup` for http(s).request that answers only the address already checked: the connection goes to
 * exactly that address, whatever the name resolves to by the time it connects (no DNS rebinding).
 */
export function pinnedLookup(address: string, family: number): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
