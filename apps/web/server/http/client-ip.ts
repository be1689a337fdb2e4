import { isIPv4, isIPv6 } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The client's address: the socket peer, or, behind `trustProxyHops` reverse proxies, the entry
 * the outermost trusted proxy appended to X-Forwarded-For. Entries further left were written by
 * the client itself and are ignored, so a spoofed header cannot pose as another client (and
 * reset its rate limits). Undefined when the socket address is unknown.
 */
export function resolveClientIp({
  socketAddress,
  forwardedFor,
  trustProxyHops,
}: {
  socketAddress: string | undefined;
  forwardedFor: string | undefined;
  trustProxyHops: number;
}): string | undefined {
  let client = socketAddress === undefined ? undefined : normalizeIp(socketAddress);
  if (client === undefined || trustProxyHops === 0 || !forwardedFor) return client;
  // Nearest first: the last entry was appended by the proxy that connected to us.
  const hops = forwardedFor.split(",").reverse();
  for (let index = 0; index < trustProxyHops && index < hops.length; index++) {
    const next = normalizeIp(hops[index]!);
    // A malformed entry ends the chain: the last address we could read is the client.
    if (next === undefined) break;
    client = next;
  }
  return client;
}

/** The client address of a Hono request served by @hono/node-server (undefined in tests). */
export function getClientIp(c: Context, trustProxyHops: number): string | undefined {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket unless the test passes one.
  }
  return resolveClientIp({
    socketAddress,
    forwardedFor: c.req.header("x-forwarded-for"),
    trustProxyHops,
  });
}

/**
 * One canonical spelling per address: IPv4 dotted, IPv6 as eight lower-case groups, IPv4-mapped
 * IPv6 as IPv4, brackets, ports and zone ids removed. Undefined if it is not an address.
 */
export function normalizeIp(value: string): string | undefined {
  let text = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%.*$/, "");
  if (isIPv4(text)) return text;
  if (!isIPv6(text)) return undefined;
  const groups = expandIpv6(text.toLowerCase());
  const isMappedIpv4 =
    groups.slice(0, 5).every((group) => group === "0000") && groups[5] === "ffff";
  if (isMappedIpv4) {
    const high = Number.parseInt(groups[6]!, 16);
    const low = Number.parseInt(groups[7]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return groups.join(":");
}

/**
 * What one client controls: its IPv4 address, or its IPv6 /64 (a single subscriber usually gets
 * a whole /64, so per-address limits would let it rotate through 2^64 addresses).
 */
export function clientNetwork(ip: string): string {
  if (!ip.includes(":")) return ip;
  return `${ip.split(":").slice(0, 4).join(":")}::/64`;
}

function expandIpv6(address: string): string[] {
  let text = address;
  // A trailing dotted IPv4 (::ffff:1.2.3.4) becomes two hex groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) =>
    group.padStart(4, "0"),
  );
}
