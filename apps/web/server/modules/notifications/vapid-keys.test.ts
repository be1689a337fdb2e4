import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../test/memory-logger";
import {
  defaultVapidSubject,
  generateVapidKeys,
  isVapidPair,
  loadVapidKeys,
  vapidFileName,
} from "./vapid-keys";

describe("VAPID keys", () => {
  let dataDir: string;
  const log = createMemoryLogger();
  const subject = "mailto:team@example.com";

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "jai-vapid-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("are generated once into the data directory (0600) and read back after a restart", async () => {
    const first = await loadVapidKeys({ subject, dataDir, isShared: false, logger: log.logger });
    expect(isVapidPair(first.publicKey, first.privateKey)).toBe(true);
    const file = path.join(dataDir, vapidFileName);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await loadVapidKeys({ subject, dataDir, isShared: false, logger: log.logger });
    expect(again).toEqual(first);
    // Two processes starting at once end up with the same keys.
    await rm(file);
    const [a, b] = await Promise.all([
      loadVapidKeys({ subject, dataDir, isShared: false, logger: log.logger }),
      loadVapidKeys({ subject, dataDir, isShared: false, logger: log.logger }),
    ]);
    expect(a).toEqual(b);
    // The private key is in no log line.
    expect(log.text()).not.toContain(a.privateKey);
  });

  it("come from the environment when set, and refuse a pair that does not match", async () => {
    const pair = generateVapidKeys(subject);
    const configured = await loadVapidKeys({
      configured: { publicKey: pair.publicKey, privateKey: pair.privateKey },
      subject,
      dataDir,
      isShared: true,
      logger: log.logger,
    });
    expect(configured).toEqual(pair);
    const other = generateVapidKeys(subject);
    await expect(
      loadVapidKeys({
        configured: { publicKey: pair.publicKey, privateKey: other.privateKey },
        subject,
        dataDir,
        isShared: true,
        logger: log.logger,
      }),
    ).rejects.toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    await expect(
      loadVapidKeys({
        configured: { publicKey: pair.publicKey },
        subject,
        dataDir,
        isShared: true,
        logger: log.logger,
      }),
    ).rejects.toThrow(/set together/);
  });

  it("refuse a damaged keys file with what to do", async () => {
    await writeFile(path.join(dataDir, vapidFileName), "{}");
    await expect(
      loadVapidKeys({ subject, dataDir, isShared: false, logger: log.logger }),
    ).rejects.toThrow(/Delete it to generate new keys/);
    expect(await readFile(path.join(dataDir, vapidFileName), "utf8")).toBe("{}");
  });

  it("name a contact push services accept", () => {
    expect(defaultVapidSubject("https://jai.example.com/", "hello@jai.chat")).toBe(
      "https://jai.example.com",
    );
    expect(defaultVapidSubject("http://localhost:3000", "hello@jai.chat")).toBe(
      "mailto:hello@jai.chat",
    );
  });
});
