import { brand, contactEmailPattern } from "@jai/contracts";
import { z } from "zod";
import { isUsablePrivateKey } from "./modules/sheets/google-auth";
import { parseMailbox } from "./services/mail/parse-mailbox";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

// The only place that reads process.env: everything else receives a parsed `Env`.
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** Number of reverse proxies in front of us whose X-Forwarded-For may be trusted. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /**
     * Signs and hashes (IP hashes, later sessions and tokens). Unset: generated once and kept in
     * $DATA_DIR/secret-key, which is only right for a single instance.
     */
    SECRET_KEY: z.preprocess(
      emptyToUndefined,
      z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -hex 32`)").optional(),
    ),
    /** smtp:// (STARTTLS when offered) or smtps:// (TLS); unset: emails become .eml files. */
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(
          isSmtpUrl,
          "must be an smtp:// or smtps:// URL with a host, e.g. smtps://user:password@smtp.example.com:465",
        )
        .optional(),
    ),
    /** The one address contact messages are sent to. */
    CONTACT_TO: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(contactEmailPattern, "must be exactly one plain address, e.g. hello@example.com")
        .default(brand.contactEmail),
    ),
    /** The sender of every email: "Name <address>" or an address. */
    MAIL_FROM: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default(`${brand.name} <no-reply@jai.chat>`)
        .transform((value, context) => {
          const mailbox = parseMailbox(value);
          if (!mailbox) {
            context.addIssue({
              code: "custom",
              message: 'must be one address, optionally with a name: "Jai <no-reply@example.com>"',
            });
            return z.NEVER;
          }
          return mailbox;
        }),
    ),
    /**
     * Contact form submissions allowed per client address (IPv6: per /64) in 10 minutes. Raise it
     * only for tests or behind a proxy that does not pass client addresses.
     */
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(5),

    // --- Accounts. Per account the limits are fixed: 5 failures per 15 minutes.
    /**
     * Failed sign-ins, and failed two-factor codes, per client address (IPv6: per /64) in 15
     * minutes. Generous, as many people can share one address.
     */
    AUTH_CLIENT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /** Requests that send an account email (sign-up, reset …) per client address in 15 minutes. */
    AUTH_EMAIL_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
    /**
     * Comma-separated addresses of the marketplace admins (they approve or reject listings): an
     * account is one once signed in with that address verified. Empty: no admins.
     */
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((value, context) => {
        const emails = value
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter((email) => email !== "");
        const invalid = emails.filter((email) => !contactEmailPattern.test(email));
        if (invalid.length > 0) {
          context.addIssue({
            code: "custom",
            message: `must be comma-separated addresses, e.g. admin@example.com,ops@example.com (not: ${invalid.join(", ")})`,
          });
          return z.NEVER;
        }
        return [...new Set(emails)];
      }),

    // --- The conversation engine's providers. Keys never appear in logs, URLs or responses.
    /** OpenAI, or any OpenAI-compatible server (Ollama, vLLM, Typhoon, OpenRouter …) by base URL. */
    OPENAI_API_KEY: optionalSecret(),
    OPENAI_BASE_URL: optionalHttpUrl(),
    ANTHROPIC_API_KEY: optionalSecret(),
    ANTHROPIC_BASE_URL: optionalHttpUrl(),
    GOOGLE_API_KEY: optionalSecret(),
    GOOGLE_BASE_URL: optionalHttpUrl(),
    /**
     * A local Ollama that embeds the knowledge of every bot whose provider has no embeddings
     * (hybrid retrieval, docs/decisions/0011): both set, or neither. A model that knows Thai
     * (bge-m3) suits Thai knowledge; nomic-embed-text knows English only.
     */
    EMBEDDINGS_OLLAMA_URL: optionalHttpUrl(),
    EMBEDDINGS_OLLAMA_MODEL: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
    /** From a provider call's start to its first word. */
    LLM_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(20_000),
    /** A whole turn, retries included. */
    LLM_TOTAL_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(90_000),
    /** Retries of a provider call on 429 / 5xx / connection failures, before any text came. */
    LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
    /** Provider calls in flight at once per provider endpoint (a bulkhead against a hanging one). */
    LLM_MAX_CONCURRENT_CALLS: z.coerce.number().int().min(1).max(10_000).default(32),
    /** Calls waiting for one of those slots (at most 5 s); more get the apology at once. */
    LLM_MAX_QUEUED_CALLS: z.coerce.number().int().min(0).max(10_000).default(64),
    /**
     * The embedded provider's pause between streamed words: it answers at once, this makes its
     * replies arrive like a model's (about 50 words a second). 0 turns it off.
     */
    LOCAL_PROVIDER_WORD_DELAY_MS: z.coerce.number().int().min(0).max(1_000).default(20),

    // --- Public chat limits (per minute).
    /** Messages per visitor (a browser, per bot). */
    CHAT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /**
     * Messages per client address (IPv6: per /64), all visitors together: what stops a client
     * that throws its cookie away. Generous, as many phones share one carrier address.
     */
    CHAT_CLIENT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
    /** Messages per bot, all visitors together: caps what one bot can cost. */
    CHAT_BOT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** Public API (/api/v1) requests per API key per minute. */
    PUBLIC_API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /**
     * "1": outgoing webhooks may use http and private, loopback and link-local addresses (tests,
     * local development). Never in production: it opens the server's network to owners' URLs.
     */
    ALLOW_PRIVATE_WEBHOOKS: z.enum(["0", "1"]).default("0"),

    /**
     * Chat-app events (LINE …) turned into turns at once per instance. On the embedded database
     * every query runs on this process's thread: more is not faster (bench/line.mjs).
     */
    CHANNEL_EVENTS_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),

    // --- LINE Messaging API: LINE itself unless set (tests and local development: a fake).
    LINE_API_BASE_URL: z.string().url().default("https://api.line.me"),
    LINE_DATA_API_BASE_URL: z.string().url().default("https://api-data.line.me"),

    // --- Messenger / Instagram (Meta's Graph API) and TikTok: the platforms unless set (tests: fakes).
    META_GRAPH_API_BASE_URL: z.string().url().default("https://graph.facebook.com"),
    /** The Graph API version Jai calls (`v21.0`). */
    META_GRAPH_API_VERSION: z
      .string()
      .regex(/^v\d{1,3}\.\d{1,2}$/)
      .default("v21.0"),
    TIKTOK_API_BASE_URL: z.string().url().default("https://business-api.tiktok.com"),

    // --- Google Sheets: a service account that owners share their sheets with. Both or neither.
    /** The service account's email (`client_email` of its JSON key file). */
    GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(contactEmailPattern, "must be the service account's email (client_email)")
        .optional(),
    ),
    /**
     * The service account's private key (`private_key` of its JSON key file: PEM, `\n` escapes
     * allowed). A secret: never logged, never sent to a browser.
     */
    GOOGLE_SHEETS_PRIVATE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform(normalizePrivateKey)
        .refine(
          isUsablePrivateKey,
          "must be the service account's PEM private key (-----BEGIN PRIVATE KEY----- …)",
        )
        .optional(),
    ),
    /** Google Sheets API v4 and Google's OAuth token endpoint (tests: a local fake). */
    GOOGLE_SHEETS_API_BASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
        .transform((value) => value.replace(/\/+$/, ""))
        .default("https://sheets.googleapis.com"),
    ),
    GOOGLE_OAUTH_TOKEN_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
        .default("https://oauth2.googleapis.com/token"),
    ),

    // --- Payments (billing). Omise / Opn Payments by default; Stripe by BILLING_PROVIDER=stripe.
    // Unset keys: the billing page shows the plans and says online payment is not set up.
    BILLING_PROVIDER: z.enum(["omise", "stripe"]).default("omise"),
    /** Omise's public key (pkey_…): sent to browsers to tokenise cards at the vault. */
    OMISE_PUBLIC_KEY: z.preprocess(emptyToUndefined, z.string().trim().optional()),
    /** Omise's secret key (skey_…). A secret. */
    OMISE_SECRET_KEY: optionalSecret(),
    /** The webhook signing secret (base64) from Omise's dashboard. A secret. */
    OMISE_WEBHOOK_SECRET: optionalSecret(),
    OMISE_API_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
        .transform((value) => value.replace(/\/+$/, ""))
        .default("https://api.omise.co"),
    ),
    /** Where browsers tokenise cards (Omise's vault). */
    OMISE_VAULT_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
        .transform((value) => value.replace(/\/+$/, ""))
        .default("https://vault.omise.co"),
    ),
    /** Stripe's publishable key (pk_…): sent to browsers to tokenise cards. */
    STRIPE_PUBLISHABLE_KEY: z.preprocess(emptyToUndefined, z.string().trim().optional()),
    /** Stripe's secret key (sk_…). A secret. */
    STRIPE_SECRET_KEY: optionalSecret(),
    /** The endpoint's signing secret (whsec_…). A secret. */
    STRIPE_WEBHOOK_SECRET: optionalSecret(),
    STRIPE_API_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
        .transform((value) => value.replace(/\/+$/, ""))
        .default("https://api.stripe.com"),
    ),
    // --- The seller on tax invoices (ใบกำกับภาษี): Jai's company. Defaults: a development seller.
    BILLING_SELLER_NAME_TH: z.string().trim().min(1).default("บริษัท ใจ แพลตฟอร์ม จำกัด"),
    BILLING_SELLER_NAME_EN: z.string().trim().min(1).default("Jai Platform Co., Ltd."),
    BILLING_SELLER_ADDRESS_TH: z
      .string()
      .trim()
      .min(1)
      .default("999/9 ถนนพระรามที่ 4 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330"),
    BILLING_SELLER_ADDRESS_EN: z
      .string()
      .trim()
      .min(1)
      .default("999/9 Rama IV Road, Pathum Wan, Bangkok 10330"),
    /** 13 digits with a valid check digit. */
    BILLING_SELLER_TAX_ID: z
      .string()
      .trim()
      .regex(/^\d{13}$/, "must be the 13-digit tax id")
      .default("0105566000010"),
    /** "00000": head office; else the 5-digit branch. */
    BILLING_SELLER_BRANCH: z
      .string()
      .trim()
      .regex(/^\d{5}$/, "must be 5 digits (00000 is the head office)")
      .default("00000"),

    // --- Browser notifications (Web Push). Unset: a key pair generated once into $DATA_DIR/vapid.json.
    /**
     * The VAPID key pair, base64url (`npx web-push generate-vapid-keys`): both or neither. Every
     * instance that shares DATABASE_URL needs the same pair.
     */
    VAPID_PUBLIC_KEY: optionalSecret(),
    VAPID_PRIVATE_KEY: optionalSecret(),
    /** Who push services may contact: mailto: or https:. Default: PUBLIC_URL when https, else CONTACT_TO. */
    VAPID_SUBJECT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL")
        .optional(),
    ),
  })
  .refine((env) => !env.GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL === !env.GOOGLE_SHEETS_PRIVATE_KEY, {
    path: ["GOOGLE_SHEETS_PRIVATE_KEY"],
    message: "set GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL and GOOGLE_SHEETS_PRIVATE_KEY together",
  })
  .refine((env) => !env.EMBEDDINGS_OLLAMA_URL === !env.EMBEDDINGS_OLLAMA_MODEL, {
    path: ["EMBEDDINGS_OLLAMA_MODEL"],
    message: "set EMBEDDINGS_OLLAMA_URL and EMBEDDINGS_OLLAMA_MODEL together (e.g. bge-m3)",
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  }));

export type Env = z.infer<typeof EnvSchema>;

function optionalSecret() {
  return z.preprocess(emptyToUndefined, z.string().trim().min(1).optional());
}

function optionalHttpUrl() {
  return z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
  );
}

/** A PEM key pasted from the JSON key file: its `\n` escapes (and surrounding quotes) undone. */
function normalizePrivateKey(value: string): string {
  return value.trim().replace(/^"|"$/g, "").replaceAll("\\n", "\n").trim();
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`)
      .join("\n");
    throw new EnvError(`Invalid environment configuration:\n${problems}\nSee .env.example.`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The process environment, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
