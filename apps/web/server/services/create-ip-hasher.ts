import { createHmac } from "node:crypto";
import { clientNetwork } from "../http/client-ip";

export type IpHasher = {
  /** HMAC-SHA256 of the address with the instance secret: stored instead of the address. */
  hashIp(ip: string | undefined): string | null;
  /** HMAC of the client's network (IPv4 address or IPv6 /64): what per-client limits count. */
  clientKey(ip: string | undefined): string;
};

/**
 * Addresses are personal data: they are never stored or logged, only keyed hashes of them. The
 * key is the instance secret, so the hashes cannot be reversed by trying all 2^32 IPv4 addresses
 * without it, and they stay comparable across restarts (spotting floods, per-client limits).
 */
export function createIpHasher(secretKey: string): IpHasher {
  const hmac = (value: string) => createHmac("sha256", secretKey).update(value).digest("base64url");
  return {
    hashIp: (ip) => (ip === undefined ? null : hmac(`ip:${ip}`)),
    clientKey: (ip) => (ip === undefined ? "unknown" : hmac(`net:${clientNetwork(ip)}`)),
  };
}
