// Fallback for bench/lib/server.mjs when apps/web/build holds a react-router build without the
// server bundle (build/app): builds it with the project's own vite.server.config.ts into the
// benchmark's copy, without that config's plugin that writes migrations into apps/web/build.
// Usage: node bench/lib/build-server-bundle.mjs <outDir>
import path from "node:path";
import { build } from "vite";

const webDir = path.resolve(import.meta.dirname, "../../apps/web");
const [outDir] = process.argv.slice(2);

await build({
  configFile: path.join(webDir, "vite.server.config.ts"),
  root: webDir,
  logLevel: "warn",
  build: { outDir: path.resolve(outDir), emptyOutDir: true },
  plugins: [
    {
      name: "bench:skip-copy-migrations",
      configResolved(config) {
        const index = config.plugins.findIndex((plugin) => plugin.name === "jai:copy-migrations");
        if (index !== -1) config.plugins.splice(index, 1);
      },
    },
  ],
});
