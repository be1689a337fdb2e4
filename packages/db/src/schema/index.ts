// Every table, so drizzle's relational queries (`db.query.*`) and drizzle-kit see them all.
export * from "./contact-messages.ts";
export * from "./email-outbox.ts";
export * from "./rate-limits.ts";
