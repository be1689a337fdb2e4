import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Outgoing webhooks go to addresses owners type in, so they must never reach the server's own
 * network: loopback, private (RFC 1918, unique local), link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast, unspecified and reserved ranges are refused,
 * in IPv4, IPv6 and IPv4-mapped IPv6 forms. Checked when the endpoint is saved and again on
 * every send, connecting to the very address that was checked (no DNS rebinding).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** Whether an IP address is one a webhook must never reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  // IPv4-mapped (::ffff:10.0.0.1) and IPv4-compatible forms: judge the IPv4 address.
  const mapped = /^(?:0{0,4}:){0,5}(?::|ffff:)((?:\d{1,3}\.){3}\d{1,3})$/.exec(lower)?.[1];
  if (mapped) return blocked.check(mapped, "ipv4");
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hexMapped) {
    const high = Number.parseInt(hexMapped[1]!, 16);
    const low = Number.parseInt(hexMapped[2]!, 16);
    return blocked.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, "ipv4");
  }
  return blocked.check(address, "ipv6");
}

export type WebhookTargetProblem = "invalidUrl" | "notHttps" | "privateAddress" | "unresolvable";

export class WebhookTargetError extends Error {
  constructor(readonly problem: WebhookTargetProblem) {
    super(`webhook target refused: ${problem}`);
    this.name = "WebhookTargetError";
  }
}

export type VettedTarget = { url: URL; address: string; family: 4 | 6 };

/**
 * Checks a webhook URL and resolves its host to an address it may connect to. Only https,
 * unless `allowPrivate` (ALLOW_PRIVATE_WEBHOOKS=1, for tests and local development), which
 * also lets private addresses through. Throws WebhookTargetError.
 */
export async function vetWebhookTarget(
  value: string,
  {
    allowPrivate,
    lookup = (host: string) => dnsLookup(host, { all: true, verbatim: true }),
  }: {
    allowPrivate: boolean;
    lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
  },
): Promise<VettedTarget> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WebhookTargetError("invalidUrl");
  }
  if (url.username || url.password || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw new WebhookTargetError("invalidUrl");
  }
  if (url.protocol !== "https:" && !allowPrivate) throw new WebhookTargetError("notHttps");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new WebhookTargetError("unresolvable");
    }
  }
  if (addresses.length === 0) throw new WebhookTargetError("unresolvable");
  // Every address the name has must be public: the connection could use any of them.
  if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new WebhookTargetError("privateAddress");
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
