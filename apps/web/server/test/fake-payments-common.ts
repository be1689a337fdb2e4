import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { deflateSync } from "node:zlib";
import { encode } from "uqr";

/** What fake-omise.ts and fake-stripe.ts share: bodies, test cards, QR images, idempotency. */

/** Hands a webhook delivery to an in-process app instead of the network. */
export type WebhookSender = (request: Request) => Response | Promise<Response>;

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

/**
 * `application/x-www-form-urlencoded` with Rails-style brackets (`card[number]=…`,
 * `payment_method_types[]=card`, `metadata[invoiceId]=…`, `expand[0]=latest_charge`), as Stripe's
 * SDK and Omise's vault send it. Numeric-keyed objects stay objects (callers read `Object.values`).
 */
export function parseNestedForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    const path = [
      match[1] as string,
      ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string),
    ];
    let node: Record<string, FormValue> | FormValue[] = root;
    for (let index = 0; index < path.length; index++) {
      const key = path[index] as string;
      const last = index === path.length - 1;
      if (Array.isArray(node)) {
        if (last) node.push(value);
        else {
          const child: Record<string, FormValue> = {};
          node.push(child);
          node = child;
        }
        continue;
      }
      if (last) {
        node[key] = value;
        continue;
      }
      const nextIsArray = path[index + 1] === "";
      const existing = node[key];
      if (existing === undefined || typeof existing === "string") {
        const child: Record<string, FormValue> | FormValue[] = nextIsArray ? [] : {};
        node[key] = child;
        node = child;
      } else {
        node = existing as Record<string, FormValue> | FormValue[];
      }
    }
  }
  return root;
}

/** A body as JSON or as a bracketed form, by its Content-Type. */
export function parseBody(request: IncomingMessage, text: string): Record<string, unknown> | null {
  if (!text) return {};
  const type = request.headers["content-type"] ?? "";
  if (type.includes("application/json")) {
    try {
      const value = JSON.parse(text) as unknown;
      return value && typeof value === "object" && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }
  return parseNestedForm(text);
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Access-Control-Allow-Origin": "*",
    ...headers,
  });
  response.end(text);
}

/** Browsers tokenise cards cross-origin: the preflight and the answer headers. */
export function answerPreflight(response: ServerResponse) {
  response.writeHead(204, {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    "Access-Control-Allow-Headers": "Authorization, Content-Type",
    "Access-Control-Max-Age": "600",
  });
  response.end();
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "MasterCard";
  if (/^35/.test(number)) return "JCB";
  if (/^3[47]/.test(number)) return "American Express";
  return "Unknown";
}

/** A card's expiry is the end of its month. */
export function cardExpired(month: number, year: number, now: Date): boolean {
  return Date.UTC(year, month, 1) <= now.getTime();
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * The idempotency store: a key's first request and its answer. The same key with the same
 * method, path and body gets the first answer again; another request under the key is a conflict.
 */
export class IdempotencyStore {
  private entries = new Map<string, { fingerprint: string; status: number; body: unknown }>();

  lookup(key: string, fingerprint: string) {
    const entry = this.entries.get(key);
    if (!entry) return { kind: "new" as const };
    if (entry.fingerprint !== fingerprint) return { kind: "conflict" as const };
    return { kind: "replay" as const, status: entry.status, body: entry.body };
  }

  remember(key: string, fingerprint: string, status: number, body: unknown) {
    this.entries.set(key, { fingerprint, status, body });
  }
}

/** A PromptPay (EMVCo merchant-presented) payload for a biller, with the amount and CRC. */
export function promptPayPayload(reference: string, amountSatang: number): string {
  const field = (id: string, value: string) =>
    `${id}${String(value.length).padStart(2, "0")}${value}`;
  const merchant =
    field("00", "A000000677010112") +
    field("01", "010753600010286") +
    field("02", reference.slice(0, 20));
  const body =
    field("00", "01") +
    field("01", "12") +
    field("30", merchant) +
    field("53", "764") +
    field("54", (amountSatang / 100).toFixed(2)) +
    field("58", "TH") +
    "6304";
  return body + crc16(body);
}

function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "ascii")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** A real PNG (8-bit greyscale) of the QR code of `text`, `scale` pixels a module, with a margin. */
export function qrPng(text: string, scale = 4): Buffer {
  const { data, size } = encode(text, { ecc: "M", border: 2 });
  const pixels = size * scale;
  const raw = Buffer.alloc((pixels + 1) * pixels, 255);
  for (let y = 0; y < pixels; y++) {
    raw[y * (pixels + 1)] = 0; // filter: none
    const row = data[Math.floor(y / scale)] as boolean[];
    for (let x = 0; x < pixels; x++) {
      if (row[Math.floor(x / scale)]) raw[y * (pixels + 1) + 1 + x] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixels, 0);
  header.writeUInt32BE(pixels, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData), 0);
  return Buffer.concat([length, typeAndData, crc]);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A minimal HTML page (the fakes' 3-D Secure page when there is nowhere to return to). */
export function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  response.end(`<!doctype html><meta charset="utf-8"><title>Fake bank</title>${html}`);
}

/** A random id like the providers': `${prefix}_test_` and 19 base-36 characters. */
export function providerId(prefix: string): string {
  let id = "";
  while (id.length < 19) id += Math.random().toString(36).slice(2);
  return `${prefix}_test_${id.slice(0, 19)}`;
}
