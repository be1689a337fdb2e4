import { cp } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

// The database package finds its SQL migrations next to its source; in the bundle they are
// copied to build/app/migrations and main.ts passes that folder to migrate().
function copyMigrations(): Plugin {
  return {
    name: "jai:copy-migrations",
    apply: "build",
    async closeBundle() {
      await cp(
        fileURLToPath(new URL("../../packages/db/migrations", import.meta.url)),
        fileURLToPath(new URL("./build/app/migrations", import.meta.url)),
        { recursive: true },
      );
    },
  };
}

// Bundles the Hono server (server/main.ts) with our workspace packages into build/app/main.js,
// and the knowledge extraction worker thread into build/app/extraction-worker.js (a second entry:
// extraction-pool.ts starts it from the URL next to main.js). Code both use goes to chunks/.
// Third-party packages stay external and load from node_modules at run time, except
// better-auth's drizzle adapter: it imports drizzle-orm, which npm installed only under
// packages/db, so it is bundled with the one drizzle-orm copy our schema and queries use.
export default defineConfig({
  plugins: [copyMigrations()],
  resolve: {
    alias: [
      {
        find: /^better-auth\/adapters\/drizzle$/,
        replacement: fileURLToPath(
          new URL(
            "./node_modules/better-auth/node_modules/@better-auth/drizzle-adapter/dist/index.mjs",
            import.meta.url,
          ),
        ),
      },
      {
        find: /^drizzle-orm$/,
        replacement: fileURLToPath(
          new URL("../../packages/db/node_modules/drizzle-orm/index.js", import.meta.url),
        ),
      },
    ],
  },
  publicDir: false,
  build: {
    ssr: true,
    outDir: "build/app",
    target: "node20",
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        main: "server/main.ts",
        "extraction-worker": "server/services/console/knowledge/extraction-worker.ts",
      },
      output: {
        entryFileNames: "[name].js",
        chunkFileNames: "chunks/[name]-[hash].js",
        format: "es",
      },
    },
  },
  ssr: { noExternal: [/^@jai\//, "better-auth"] },
});
