import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { widgetLimits } from "@jai/contracts/channels";
import { describe, expect, it } from "vitest";
import { readOptions } from "./options";

describe("the widget loader", () => {
  it(`stays within its budget: ${widgetLimits.loaderMaxGzipBytes} bytes gzip`, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "jai-widget-"));
    try {
      const { build } = await import("esbuild");
      await build({
        entryPoints: [path.join(import.meta.dirname, "loader.ts")],
        outfile: path.join(dir, "widget.js"),
        bundle: true,
        minify: true,
        format: "iife",
        target: ["es2020", "safari15"],
        legalComments: "none",
        logLevel: "silent",
      });
      const code = await readFile(path.join(dir, "widget.js"));
      const gzipped = gzipSync(code, { level: 9 }).byteLength;
      expect(gzipped).toBeLessThanOrEqual(widgetLimits.loaderMaxGzipBytes);
      // Nothing a strict CSP would refuse: no inline style attributes, no eval.
      expect(code.toString()).not.toMatch(/setAttribute\("style"|innerHTML|eval\(|new Function/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the loader's data- attributes", () => {
  it("reads valid options and ignores the rest", () => {
    expect(
      readOptions({
        bot: "k3Xp9aQ2",
        color: "#ff0066",
        position: "left",
        launcherLabel: "Chat with us",
        greeting: "สวัสดีค่ะ",
        greetingDelay: "3",
        language: "th",
        open: "",
      }),
    ).toEqual({
      botId: "k3Xp9aQ2",
      overrides: {
        color: "#ff0066",
        position: "left",
        launcherLabel: "Chat with us",
        greeting: "สวัสดีค่ะ",
        greetingDelaySeconds: 3,
        language: "th",
        startOpen: true,
      },
    });
    expect(
      readOptions({
        bot: "../etc",
        color: "red;background:url(x)",
        position: "middle",
        greetingDelay: "-1",
        language: "fr",
        open: "false",
      }),
    ).toEqual({ botId: undefined, overrides: { startOpen: false } });
  });
});
