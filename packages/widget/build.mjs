// Builds the loader into <outDir>/widget.js (minified, one file): `node build.mjs <outDir>`.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = process.argv[2];
if (!outDir) {
  console.error("usage: node packages/widget/build.mjs <outDir>");
  process.exit(1);
}
await build({
  entryPoints: [path.join(here, "src/loader.ts")],
  outfile: path.join(path.resolve(outDir), "widget.js"),
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020", "safari15"],
  legalComments: "none",
  logLevel: "warning",
});
