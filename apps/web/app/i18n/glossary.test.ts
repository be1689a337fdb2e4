import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../../..");

/** The spellings docs/glossary.md forbids ("never X / Y" in its notes). */
async function forbiddenSpellings(): Promise<string[]> {
  const glossary = await readFile(path.join(root, "docs/glossary.md"), "utf8");
  return [...glossary.matchAll(/never ([^|]+)/g)].flatMap((match) =>
    match[1]!
      .split("/")
      .map((word) => word.trim())
      .filter((word) => /[\u0E00-\u0E7F]/.test(word)),
  );
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        return ["node_modules", "build", ".react-router"].includes(entry.name)
          ? []
          : sourceFiles(full);
      }
      // Tests and browser specs too (they look for the pages' words); not this file.
      return /\.(ts|tsx)$/.test(entry.name) && entry.name !== "glossary.test.ts" ? [full] : [];
    }),
  );
  return files.flat();
}

describe("one Thai word for each thing (docs/glossary.md)", () => {
  it("uses no spelling the glossary forbids, in any page, email or bot text", async () => {
    const forbidden = await forbiddenSpellings();
    expect(forbidden).toContain("แชต");
    expect(forbidden).toContain("ตลาดเทมเพลต");
    const files = [
      ...(await sourceFiles(path.join(root, "apps/web/app"))),
      ...(await sourceFiles(path.join(root, "apps/web/server"))),
      ...(await sourceFiles(path.join(root, "apps/web/e2e"))),
      ...(await sourceFiles(path.join(root, "packages"))),
    ];
    // How customers spell words is data the engine matches, not the product's own words: the
    // bilingual lexicon and the Thai word lists list every spelling people type on purpose.
    const spellingData = [
      path.join(root, "packages/engine/src/lexicon"),
      path.join(root, "packages/engine/src/text"),
    ];
    const found: string[] = [];
    // Words that contain a forbidden spelling but mean something else: แผน (never a pricing
    // plan) is right in วางแผน (to plan), ตามแผน (as planned) and แผนที่ (a map).
    const otherWords = /วางแผน|ตามแผน|แผนที่/g;
    for (const file of files) {
      if (spellingData.some((dir) => file.startsWith(dir + path.sep))) continue;
      const text = (await readFile(file, "utf8")).replace(otherWords, "");
      for (const word of forbidden) {
        // "แชทบอต" contains no forbidden "แชต", but "แชตบอต" does: whole spellings only.
        if (text.includes(word)) found.push(`${path.relative(root, file)}: ${word}`);
      }
    }
    expect(found).toEqual([]);
  });
});
