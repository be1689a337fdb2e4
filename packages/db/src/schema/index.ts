// Every table, so drizzle's relational queries (`db.query.*`) and drizzle-kit see them all.
export * from "./analytics.ts";
export * from "./auth.ts";
export * from "./billing.ts";
export * from "./bots.ts";
export * from "./channels.ts";
export * from "./contact-messages.ts";
export * from "./conversations.ts";
export * from "./email-outbox.ts";
export * from "./inbox.ts";
export * from "./instances.ts";
export * from "./knowledge.ts";
export * from "./owner-console.ts";
export * from "./personas.ts";
export * from "./rate-limits.ts";
export * from "./workspaces.ts";
