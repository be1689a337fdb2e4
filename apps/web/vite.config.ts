import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    // Fonts stay files: inlined as data: URLs they would bloat the CSS and need a looser CSP.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/,
              priority: 3,
            },
            {
              // Code several pages share (UI primitives, layout, icons, helpers) in one file
              // rather than dozens of tiny ones: each request costs a round trip on mobile.
              // Dialogs and tabs stay out: only the builder, the console and the account pages
              // use them, and a group takes its modules' dependencies along (Radix's dialog and
              // tabs stacks), which would add ~20 KB to every public page.
              name: "shared",
              test: /[\\/]app[\\/](components(?![\\/]ui[\\/](dialog|tabs)\.)|lib|i18n)[\\/]|node_modules[\\/](lucide-react|clsx|tailwind-merge|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/,
              minShareCount: 2,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
