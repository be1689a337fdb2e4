import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
} from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local Web Push service (what FCM, Mozilla autopush or Apple run) for tests, checking what a
 * real one checks before it accepts a message:
 *
 * - `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): an ES256 JWT whose signature
 *   verifies with `k`, `aud` the endpoint's origin, `exp` in the future and at most 24 h ahead,
 *   `sub` a mailto: or https: contact; `k` the key the subscription was made with (401 / 403);
 * - a `TTL` header (400), `Content-Encoding: aes128gcm` (415), a body of at most 4,096 bytes
 *   (413) that decrypts (RFC 8291 / RFC 8188) with the subscription's private key and auth
 *   secret (400): the fake's subscriptions hold a real P-256 key pair, like a browser's;
 * - an unknown subscription answers 404, one marked gone 410; accepted messages 201.
 */
export type FakeWebPush = {
  url: string;
  /** A browser's subscription at this fake (`PushSubscription.toJSON()`'s shape). */
  subscribe(applicationServerKey?: string): FakeSubscription;
  /** Messages accepted, decrypted. */
  received: FakeWebPushMessage[];
  /** Requests refused, and why. */
  refused: Array<{ endpoint: string; status: number; reason: string }>;
  /** The subscription is gone (the browser unsubscribed): 410 from now on. */
  gone(endpoint: string): void;
  /** The next `times` messages to the endpoint answer `status`. */
  fail(endpoint: string, status: number, times?: number): void;
  close(): Promise<void>;
};

export type FakeSubscription = {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
};

export type FakeWebPushMessage = {
  endpoint: string;
  /** The decrypted payload, parsed when it is JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
};

type Stored = {
  id: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  applicationServerKey: string | undefined;
  gone: boolean;
  failures: Array<number>;
};

export async function startFakeWebPush(): Promise<FakeWebPush> {
  const subscriptions = new Map<string, Stored>();
  const received: FakeWebPushMessage[] = [];
  const refused: FakeWebPush["refused"] = [];
  let origin = "";

  const idOf = (endpoint: string) => /\/push\/([^/?]+)$/.exec(endpoint)?.[1] ?? "";

  function refuse(response: ServerResponse, endpoint: string, status: number, reason: string) {
    refused.push({ endpoint, status, reason });
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ code: status, errno: status, error: reason }));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const endpoint = `${origin}${request.url ?? "/"}`;
    if (request.method !== "POST") return refuse(response, endpoint, 405, "POST only");
    const stored = subscriptions.get(idOf(request.url ?? ""));
    if (!stored) return refuse(response, endpoint, 404, "no such subscription");
    if (stored.gone) return refuse(response, endpoint, 410, "subscription expired");
    const failure = stored.failures.shift();
    if (failure !== undefined) return refuse(response, endpoint, failure, "told to fail");

    const authorization = request.headers.authorization ?? "";
    const vapid =
      /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(
        authorization,
      );
    if (!vapid) return refuse(response, endpoint, 401, "missing or malformed VAPID authorization");
    const [jwt, key] = [vapid[1]!, vapid[2]!];
    const claims = verifyJwt(jwt, key);
    if (typeof claims === "string") return refuse(response, endpoint, 401, claims);
    if (claims.aud !== origin) return refuse(response, endpoint, 401, `aud is not ${origin}`);
    const nowSeconds = Date.now() / 1000;
    if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600 + 60)) {
      return refuse(response, endpoint, 401, "exp is not within the next 24 hours");
    }
    if (!/^(mailto:|https:\/\/)/.test(claims.sub)) {
      return refuse(response, endpoint, 401, "sub is not a mailto: or https: contact");
    }
    if (stored.applicationServerKey && stored.applicationServerKey !== key) {
      return refuse(response, endpoint, 403, "not the key the subscription was made with");
    }
    const ttlHeader = request.headers.ttl;
    if (typeof ttlHeader !== "string" || !/^\d+$/.test(ttlHeader)) {
      return refuse(response, endpoint, 400, "missing TTL header");
    }
    if (request.headers["content-encoding"] !== "aes128gcm") {
      return refuse(response, endpoint, 415, "Content-Encoding must be aes128gcm");
    }
    if (body.length > 4096) return refuse(response, endpoint, 413, "payload over 4096 bytes");
    let plaintext: Buffer;
    try {
      plaintext = decrypt(body, stored.ecdh, stored.auth);
    } catch (error) {
      return refuse(response, endpoint, 400, `cannot decrypt: ${(error as Error).message}`);
    }
    const text = plaintext.toString("utf8");
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // kept as text
    }
    received.push({
      endpoint,
      payload,
      ttl: Number(ttlHeader),
      urgency: typeof request.headers.urgency === "string" ? request.headers.urgency : undefined,
      claims,
    });
    response.writeHead(201, { Location: `${origin}/message/${randomUUID()}` });
    response.end();
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      refuse(response, request.url ?? "", 500, (error as Error).message),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    received,
    refused,
    subscribe(applicationServerKey) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const id = randomUUID();
      const auth = randomBytes(16);
      subscriptions.set(id, { id, ecdh, auth, applicationServerKey, gone: false, failures: [] });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString("base64url"),
          auth: auth.toString("base64url"),
        },
      };
    },
    gone(endpoint) {
      const stored = subscriptions.get(idOf(endpoint));
      if (stored) stored.gone = true;
    },
    fail(endpoint, status, times = 1) {
      const stored = subscriptions.get(idOf(endpoint));
      if (stored) stored.failures.push(...Array.from({ length: times }, () => status));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The JWT's claims when its ES256 signature verifies with the raw P-256 key, else why not. */
function verifyJwt(
  jwt: string,
  publicKey: string,
): { aud: string; exp: number; sub: string } | string {
  const [headerPart, payloadPart, signaturePart] = jwt.split(".") as [string, string, string];
  let header: { alg?: unknown; typ?: unknown };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    header = JSON.parse(Buffer.from(headerPart, "base64url").toString("utf8"));
    claims = JSON.parse(Buffer.from(payloadPart, "base64url").toString("utf8"));
  } catch {
    return "the JWT is not JSON";
  }
  if (header.alg !== "ES256") return "the JWT is not ES256";
  const point = Buffer.from(publicKey, "base64url");
  if (point.length !== 65 || point[0] !== 4) return "k is not an uncompressed P-256 point";
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const isValid = verify(
    "sha256",
    Buffer.from(`${headerPart}.${payloadPart}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signaturePart, "base64url"),
  );
  if (!isValid) return "the JWT's signature does not verify with k";
  if (
    typeof claims.aud !== "string" ||
    typeof claims.exp !== "number" ||
    typeof claims.sub !== "string"
  ) {
    return "the JWT lacks aud, exp or sub";
  }
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/**
 * RFC 8291 (Message Encryption for Web Push) over RFC 8188 (aes128gcm), as the browser does it:
 * the header carries the salt, the record size and the sender's public key; the content key
 * and nonce come from ECDH with the subscription's private key and its auth secret.
 */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Error("shorter than the aes128gcm header");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  if (idLength !== 65) throw new Error("the key id is not a 65-byte public key");
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (recordSize < 18 || ciphertext.length > recordSize) {
    throw new Error("not a single record within the record size");
  }
  const sharedSecret = ecdh.computeSecret(senderPublic);
  const receiverPublic = ecdh.getPublicKey();
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0", "latin1"),
    receiverPublic,
    senderPublic,
  ]);
  const prkKey = hmac(authSecret, sharedSecret);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "latin1")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "latin1")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}
