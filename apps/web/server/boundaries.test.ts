import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The import rules of docs/boundaries.md, checked on every source file: each failure names the
 * file, the import and where the piece belongs.
 */

const root = path.resolve(import.meta.dirname, "../../..");
const appDir = path.join(root, "apps/web/app");

type Import = { from: string; specifier: string; typeOnly: boolean };

async function listSources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        return ["node_modules", "build", ".react-router", "+types"].includes(entry.name)
          ? []
          : listSources(full);
      }
      return /\.(ts|tsx|mts|mjs)$/.test(entry.name) ? [full] : [];
    }),
  );
  return nested.flat();
}

async function importsOf(file: string): Promise<Import[]> {
  const text = await readFile(file, "utf8");
  const found: Import[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\bfrom\s*["']([^"']+)["']/g;
  for (const match of text.matchAll(statement)) {
    found.push({ from: file, specifier: match[4]!, typeOnly: Boolean(match[2]) });
  }
  for (const match of text.matchAll(/(?:^|\n)\s*import\s*["']([^"']+)["']/g)) {
    found.push({ from: file, specifier: match[1]!, typeOnly: false });
  }
  for (const match of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
    found.push({ from: file, specifier: match[1]!, typeOnly: false });
  }
  return found;
}

/** Where an import points, as a path from the repository root (null: a package). */
function target(entry: Import): string | null {
  const { specifier, from } = entry;
  if (specifier.startsWith("~/")) return path.relative(root, path.join(appDir, specifier.slice(2)));
  if (specifier.startsWith("."))
    return path.relative(root, path.resolve(path.dirname(from), specifier));
  return null;
}

const featureOf = (relative: string) => /^apps\/web\/app\/features\/([^/]+)\//.exec(relative)?.[1];

/**
 * Known exceptions, each with where the piece belongs: the list only shrinks. A new entry needs
 * a reason in docs/boundaries.md.
 */
const allowed: { from: RegExp; to: RegExp; belongs: string }[] = [
  {
    from: /^apps\/web\/server\/(auth\/auth-api|services\/accounts\/auth-emails)\.ts$/,
    to: /^apps\/web\/app\/features\/accounts\/messages$/,
    belongs: "the account emails' texts, in packages/contracts (server-side texts)",
  },
  {
    from: /^apps\/web\/server\/services\/persona-card\/render-persona-card-pdf\.ts$/,
    to: /^apps\/web\/app\/features\/persona-builder\/card-export\//,
    belongs: "the persona card's content and layout, in packages/contracts",
  },
  {
    from: /^apps\/web\/server\/api\/avatars\.ts$/,
    to: /^apps\/web\/app\/features\/persona-builder\/avatar\/messages$/,
    belongs: "the avatar upload's error texts, in packages/contracts",
  },
  {
    from: /^apps\/web\/server\/api\/contact\.ts$/,
    to: /^apps\/web\/app\/features\/contact\/messages$/,
    belongs: "the contact form's texts, in packages/contracts",
  },
  {
    from: /^apps\/web\/app\/features\/persona-builder\/persona-builder-page\.tsx$/,
    to: /^apps\/web\/app\/features\/marketplace\/submit-to-marketplace-dialog$/,
    belongs: "the marketplace's submit dialog, in app/components",
  },
  {
    from: /^apps\/web\/app\/features\/contact\/submit-contact-form\.server\.ts$/,
    to: /^apps\/web\/server\/logger$/,
    belongs: "describeError, in a package both the server and route modules use",
  },
];

function isAllowed(from: string, to: string) {
  return allowed.some((rule) => rule.from.test(from) && rule.to.test(to));
}

describe("boundaries (docs/boundaries.md)", async () => {
  const files = [
    ...(await listSources(path.join(root, "apps/web/app"))),
    ...(await listSources(path.join(root, "apps/web/server"))),
    ...(await listSources(path.join(root, "packages"))),
  ].filter((file) => !/\.test\.tsx?$/.test(file));
  const imports = (await Promise.all(files.map(importsOf))).flat();

  it("keeps every import where it belongs", () => {
    const problems: string[] = [];
    const refuse = (entry: Import, rule: string) =>
      problems.push(`${path.relative(root, entry.from)} imports "${entry.specifier}": ${rule}`);

    for (const entry of imports) {
      const from = path.relative(root, entry.from);
      const to = target(entry);
      const spec = entry.specifier;

      if (from.startsWith("apps/web/server/")) {
        if (to?.startsWith("apps/web/app/") && !isAllowed(from, to)) {
          refuse(
            entry,
            "server code never imports app/: move the piece to packages/contracts (browser-safe) and import it from both",
          );
        }
      }
      if (from.startsWith("apps/web/app/")) {
        if (to?.startsWith("apps/web/server/") && !entry.typeOnly && !isAllowed(from, to)) {
          refuse(
            entry,
            "the app never imports server code (types only, through app/load-context.ts): call it through a loader's context",
          );
        }
        const fromFeature = featureOf(from);
        const toFeature = to ? featureOf(to) : undefined;
        if (fromFeature && toFeature && fromFeature !== toFeature && !isAllowed(from, to!)) {
          refuse(
            entry,
            `a feature never imports another feature (${fromFeature} → ${toFeature}): move the shared piece to app/components or app/lib`,
          );
        }
        if (/^apps\/web\/app\/(components|lib|i18n)\//.test(from) && toFeature) {
          refuse(
            entry,
            "components, lib and i18n are shared: they never import a feature; move the piece here",
          );
        }
      }
      if (from.startsWith("packages/")) {
        if (to?.startsWith("apps/") || spec.startsWith("~/")) {
          refuse(entry, "packages never import the app: pass what they need in");
        }
      }
      if (from.startsWith("packages/contracts/")) {
        if (spec.startsWith("node:") || /^@jai\/(db|engine|channels|widget)/.test(spec)) {
          refuse(
            entry,
            "contracts are browser-safe: node modules, the database, the engine and channels stay on the server",
          );
        }
      }
      if (from.startsWith("packages/channels/")) {
        if (/^@jai\/(db|engine|web)/.test(spec)) {
          refuse(
            entry,
            "channel adapters are pure: no database or engine; the app passes data and an HTTP client in",
          );
        }
      }
      if (from.startsWith("packages/widget/src/")) {
        const ok = spec.startsWith(".") || (spec.startsWith("@jai/contracts") && entry.typeOnly);
        if (!ok) {
          refuse(
            entry,
            "the widget loader runs on other people's sites within 8 KB: only its own files and contract types",
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("has no exception left that nothing uses (the list only shrinks)", () => {
    const unused = allowed.filter(
      (rule) =>
        !imports.some((entry) => {
          const to = target(entry);
          return to && rule.from.test(path.relative(root, entry.from)) && rule.to.test(to);
        }),
    );
    expect(unused.map((rule) => rule.belongs)).toEqual([]);
  });
});
