/**
 * Import first, before the server's modules (which are then imported dynamically): better-auth's
 * drizzle adapter imports drizzle-orm, which npm installed only under packages/db, the one copy
 * our schema uses (vite.server.config.ts and vitest.config.ts alias it the same way).
 */
import { register } from "node:module";

const drizzle = new URL("../../packages/db/node_modules/drizzle-orm/index.js", import.meta.url)
  .href;
register(
  `data:text/javascript,${encodeURIComponent(
    `export const resolve = (specifier, context, next) =>
      next(specifier === "drizzle-orm" ? ${JSON.stringify(drizzle)} : specifier, context);`,
  )}`,
);
