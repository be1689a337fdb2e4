import { createPrivateKey, createSign, type KeyObject } from "node:crypto";
import { SheetsError } from "./sheets-error";

/** Read and write access to the spreadsheets shared with the service account, nothing else. */
export const sheetsScope = "https://www.googleapis.com/auth/spreadsheets";
/** Google accepts an assertion valid for at most an hour. */
const assertionSeconds = 3600;
/** A token is renewed this long before Google says it expires. */
const renewEarlyMs = 60_000;

export type ServiceAccount = {
  email: string;
  /** The PEM private key of the service account's JSON key file. */
  privateKey: string;
  /** Where the signed assertion is exchanged for an access token (GOOGLE_OAUTH_TOKEN_URL). */
  tokenUrl: string;
};

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/**
 * A service account's signed JWT (RS256), the assertion of OAuth 2.0's JWT bearer grant
 * (RFC 7523) as Google documents it for server-to-server calls: issued by the account's email,
 * for the token endpoint (`aud`), with the Sheets scope, valid for an hour.
 */
export function signServiceAccountAssertion(
  account: ServiceAccount,
  key: KeyObject,
  now = new Date(),
): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = base64url(
    JSON.stringify({
      iss: account.email,
      scope: sheetsScope,
      aud: account.tokenUrl,
      iat: issuedAt,
      exp: issuedAt + assertionSeconds,
    }),
  );
  const signature = createSign("RSA-SHA256").update(`${header}.${claims}`).sign(key);
  return `${header}.${claims}.${base64url(signature)}`;
}

/** Whether a text is a PEM private key node can sign with (checked when the settings load). */
export function isUsablePrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === "rsa";
  } catch {
    return false;
  }
}

export type AccessTokens = {
  /** A valid access token: the cached one, else a new one (one exchange at a time). */
  get(): Promise<string>;
  /** Forgets the cached token (the API refused it). */
  forget(): void;
};

/**
 * Access tokens for a service account, kept until shortly before they expire. Plain `fetch` and
 * `node:crypto` instead of google-auth-library: the token URL must be configurable (tests run
 * against a local fake), and signing one JWT is a dozen lines. The key is parsed once and never
 * leaves this closure; neither it nor a token is ever logged.
 */
export function createAccessTokens(
  account: ServiceAccount,
  {
    fetch: fetchImpl = fetch,
    timeoutMs = 15_000,
  }: { fetch?: typeof fetch; timeoutMs?: number } = {},
): AccessTokens {
  const key = createPrivateKey(account.privateKey);
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function exchange(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: signServiceAccountAssertion(account, key),
    });
    let response: Response;
    try {
      response = await fetchImpl(account.tokenUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new SheetsError("unavailable", { cause: error });
    }
    const payload = (await response.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (response.status === 429) throw SheetsError.fromRetryable(response, "rate_limited");
    if (response.status >= 500) throw SheetsError.fromRetryable(response, "unavailable");
    if (!response.ok || typeof payload?.access_token !== "string") {
      // invalid_grant, invalid_client: the account or its key is not what Google knows.
      throw new SheetsError("auth");
    }
    const seconds = typeof payload.expires_in === "number" ? payload.expires_in : 3600;
    cached = { token: payload.access_token, expiresAt: Date.now() + seconds * 1000 - renewEarlyMs };
    return payload.access_token;
  }

  return {
    async get() {
      if (cached && cached.expiresAt > Date.now()) return cached.token;
      pending ??= exchange().finally(() => {
        pending = null;
      });
      return pending;
    },
    forget() {
      cached = null;
    },
  };
}
