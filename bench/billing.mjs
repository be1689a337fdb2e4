// Payment webhooks: how fast an Omise webhook is acknowledged (verified over the raw body and
// stored: what `POST /api/webhooks/payments/omise` runs before its 200) and how many stored
// events the billing events job settles per second (the charge asked of the provider again, the
// payment settled, the tax invoice numbered and its email queued, the plan made active), on
// PostgreSQL and PGlite, against the fake Omise over real HTTP. Each event is a PromptPay charge
// of its own owner, paid in the fake.
//
// Usage: node --import tsx bench/billing.mjs [--events=500] [--database-url=postgres://…/]
//        [--skip-pglite] [--skip-postgres]
import "./lib/resolve-drizzle.ts";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { parseArgs, printTable, writeResults } from "./lib/report.mjs";

const args = parseArgs(
  "node --import tsx bench/billing.mjs [--events=500] [--database-url=postgres://…/] [--skip-pglite] [--skip-postgres]\n" +
    "  Payment webhook acknowledgement (p50 / p99) and processing throughput (events/s).",
  ["events", "database-url", "skip-pglite", "skip-postgres"],
);
const events = Number(args.events ?? 500);
const serverUrl = String(args["database-url"] ?? "postgres://postgres@127.0.0.1:5432/");
const migrationsFolder = fileURLToPath(new URL("../packages/db/migrations", import.meta.url));
const logger = { debug() {}, info() {}, warn() {}, error: console.error };

const { createDatabase, migrate, payments, eq } = await import("../packages/db/src/index.ts");
const { startFakeOmise } = await import("../apps/web/server/test/fake-omise.ts");
const { createOmiseProvider } = await import(
  "../apps/web/server/modules/billing/providers/omise.ts"
);
const { createBilling } = await import("../apps/web/server/modules/billing/billing-service.ts");
const { createOpenInvoice } = await import(
  "../apps/web/server/modules/billing/billing-invoices.ts"
);
const { receivePaymentWebhook, processPaymentEvents } = await import(
  "../apps/web/server/modules/billing/billing-events.ts"
);
const { periodEnd } = await import("../packages/contracts/src/billing.ts");

const seller = {
  name: "บริษัท ใจ แพลตฟอร์ม จำกัด",
  nameEn: "Jai Platform Co., Ltd.",
  address: "999/9 ถนนพระรามที่ 4 กรุงเทพมหานคร 10330",
  addressEn: "999/9 Rama IV Road, Bangkok 10330",
  taxId: "0105566000010",
  branch: "00000",
};
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function measure(label, database, exec) {
  const db = database.db;
  await exec(`
    insert into users (id, name, email, email_verified, locale)
      select 'bench-owner-' || i, 'Owner ' || i, 'owner' || i || '@bench.example', true, 'th'
      from generate_series(1, ${events}) i;
    insert into owner_plans (owner_id, plan_id, trial_ends_at)
      select 'bench-owner-' || i, 'free', now() + interval '7 days' from generate_series(1, ${events}) i;`);
  const fake = await startFakeOmise();
  const provider = createOmiseProvider(fake.providerOptions);
  const billing = createBilling({
    db,
    logger,
    provider,
    seller,
    publicUrl: "http://localhost:3000",
  });
  const chargeIds = [];
  const start = new Date();
  for (let i = 1; i <= events; i++) {
    const invoice = await db.transaction((tx) =>
      createOpenInvoice(tx, {
        ownerId: `bench-owner-${i}`,
        reason: "subscription",
        planId: "pro",
        billingCycle: "monthly",
        periodStart: start,
        periodEnd: periodEnd(start, "monthly"),
        dueAt: start,
      }),
    );
    const payment = await billing.startPayment(invoice, "promptpay", {
      customerId: null,
      email: `owner${i}@bench.example`,
    });
    chargeIds.push(payment.providerChargeId);
  }

  // Acknowledgement: each payment's webhook handed to what the route runs (verify, store).
  const ackMs = [];
  fake.setWebhookUrl("http://localhost:3000/api/webhooks/payments/omise", async (request) => {
    const rawBody = await request.text();
    const t0 = performance.now();
    const outcome = await receivePaymentWebhook(
      { db, logger, provider },
      { providerId: "omise", rawBody, headers: request.headers },
    );
    ackMs.push(performance.now() - t0);
    return new Response("{}", { status: outcome.status });
  });
  const ackStart = performance.now();
  for (const id of chargeIds) await fake.payPromptPay(id);
  const ackSeconds = (performance.now() - ackStart) / 1000;

  // Processing: the job's rounds until every stored event is done.
  const processStart = performance.now();
  let processed = 0;
  for (;;) {
    const n = await processPaymentEvents(
      { db, logger, provider, seller, publicUrl: "http://x" },
      20,
    );
    if (n === 0) break;
    processed += n;
  }
  const processSeconds = (performance.now() - processStart) / 1000;
  const settled = (await db.select().from(payments).where(eq(payments.status, "succeeded"))).length;
  await fake.close();
  if (settled !== events) throw new Error(`${label}: ${settled} of ${events} payments settled`);

  ackMs.sort((a, b) => a - b);
  const row = {
    database: label,
    events: String(events),
    ackP50: percentile(ackMs, 0.5).toFixed(1),
    ackP99: percentile(ackMs, 0.99).toFixed(1),
    ackPerSecond: Math.round(events / ackSeconds).toLocaleString("en"),
    processedPerSecond: Math.round(processed / processSeconds).toLocaleString("en"),
  };
  return row;
}

const rows = [];
if (!args["skip-postgres"]) {
  const name = `jai_bench_billing_${process.pid}_${randomBytes(3).toString("hex")}`;
  const maintenance = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await maintenance(`create database "${name}"`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await createDatabase({ databaseUrl: url.href, poolSize: 4 });
    await migrate(database, { migrationsFolder });
    const seeder = new pg.Client({ connectionString: url.href });
    await seeder.connect();
    try {
      const version = (await seeder.query("show server_version")).rows[0].server_version;
      rows.push(await measure(`PostgreSQL ${version}`, database, (text) => seeder.query(text)));
    } finally {
      await seeder.end();
      await database.close();
    }
  } finally {
    await maintenance(`drop database if exists "${name}" with (force)`);
  }
}
if (!args["skip-pglite"]) {
  const database = await createDatabase({ dataDir: "memory" });
  try {
    await migrate(database, { migrationsFolder });
    rows.push(await measure("PGlite (in memory)", database, (text) => database.client.exec(text)));
  } finally {
    await database.close();
  }
}
printTable(
  [
    { key: "database", label: "database", align: "left" },
    { key: "events", label: "events" },
    { key: "ackP50", label: "ack p50 ms" },
    { key: "ackP99", label: "ack p99 ms" },
    { key: "ackPerSecond", label: "acked/s (one at a time)" },
    { key: "processedPerSecond", label: "processed/s" },
  ],
  rows,
);
console.log(`results: ${writeResults("billing", { events, rows })}`);
