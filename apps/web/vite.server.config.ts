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

// Bundles the Hono server (server/main.ts) with our workspace packages into build/app/main.js.
// Third-party packages stay external and load from node_modules at run time.
export default defineConfig({
  plugins: [copyMigrations()],
  publicDir: false,
  build: {
    ssr: "server/main.ts",
    outDir: "build/app",
    target: "node20",
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: "main.js", format: "es" } },
  },
  ssr: { noExternal: [/^@jai\//] },
});
