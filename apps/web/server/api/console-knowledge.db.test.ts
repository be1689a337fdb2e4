import { consoleLimits, type KnowledgeSourceDto } from "@jai/contracts/console";
import { knowledgeSources } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildPdf } from "../services/console/knowledge/build-test-files";
import { createIngestionWorker } from "../services/console/knowledge/ingestion-worker";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
  testPublicUrl,
} from "../test/console-test-app";
import { knowledgeJsonBodyLimitBytes, knowledgeUploadBodyLimitBytes } from "./console-knowledge";

describe("/api/console/bots/:botId/knowledge", { timeout: 60_000 }, () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let a: OwnerClient;
  let b: OwnerClient;
  let botId: string;
  let base: string;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    testApp = createConsoleTestApp(testDatabase);
    a = await signInOwner(testApp, testDatabase, "a@example.com");
    b = await signInOwner(testApp, testDatabase, "b@example.com");
    const persona = await a.request("POST", "/api/console/personas", { name: "Mali" });
    const bot = await a.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "A's bot",
    });
    expect(bot.status).toBe(201);
    botId = bot.body.id;
    base = `/api/console/bots/${botId}/knowledge`;
  });
  afterEach(() => testDatabase.cleanup());

  const upload = (owner: OwnerClient, name: string, bytes: Uint8Array, type = "") => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], name, { type }));
    return owner.fetch("POST", `${base}/files`, { body: form });
  };
  const ingest = () =>
    createIngestionWorker({
      db: testDatabase.db,
      logger: testApp.log.logger,
      batchSize: 10,
    }).runOnce();

  it("adds text, FAQs and files, lists them with their status, searches and deletes", async () => {
    const text = await a.request("POST", base, {
      kind: "text",
      title: "Opening hours",
      text: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 6 โมงเย็น. The shop opens every day from 9 am to 6 pm.",
    });
    expect(text.status).toBe(201);
    expect(text.body).toMatchObject({
      kind: "text",
      status: "pending",
      chunkCount: 0,
      error: null,
    });
    const faq = await a.request("POST", base, {
      kind: "faq",
      title: "Parking",
      faqs: [{ question: "Is there parking?", answer: "Yes, 20 free spaces behind the shop." }],
    });
    expect(faq.status).toBe(201);
    const pdf = await upload(
      a,
      "menu.pdf",
      await buildPdf([["Green curry costs 120 baht."]]),
      "application/pdf",
    );
    expect(pdf.status).toBe(201);
    const pdfSource = (await pdf.json()) as KnowledgeSourceDto;
    expect(pdfSource).toMatchObject({ kind: "file", fileName: "menu.pdf", status: "pending" });

    expect(await ingest()).toBe(3);
    const listed = await a.request("GET", base);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    expect((listed.body as KnowledgeSourceDto[]).map((s) => [s.title, s.status])).toEqual([
      ["menu.pdf", "ready"],
      ["Parking", "ready"],
      ["Opening hours", "ready"],
    ]);

    const search = await a.request("POST", `${base}/search`, { question: "green curry price" });
    expect(search.status).toBe(200);
    expect(search.body.hits[0]).toMatchObject({ kind: "chunk", source: "menu.pdf", used: true });
    const parking = await a.request("POST", `${base}/search`, { question: "Is there parking?" });
    expect(parking.body.hits[0]).toMatchObject({ kind: "faq", source: "Parking", used: true });
    const thai = await a.request("POST", `${base}/search`, { question: "ร้านเปิดกี่โมง" });
    expect(thai.body.hits[0]).toMatchObject({ source: "Opening hours", used: true });

    const deleted = await a.request("DELETE", `${base}/${pdfSource.id}`);
    expect(deleted.status).toBe(204);
    expect((await a.request("DELETE", `${base}/${pdfSource.id}`)).status).toBe(404);
    const after = await a.request("POST", `${base}/search`, { question: "green curry price" });
    expect(after.body.hits.filter((hit: { used: boolean }) => hit.used)).toEqual([]);
  });

  it("answers 401 signed out, 403 cross-origin, 404 for another owner's bot or source", async () => {
    const signedOut = await testApp.app.request(`${testPublicUrl}${base}`);
    expect(signedOut.status).toBe(401);
    const signedOutPost = await testApp.app.request(`${testPublicUrl}${base}/search`, {
      method: "POST",
      headers: { Origin: testPublicUrl, "Content-Type": "application/json" },
      body: JSON.stringify({ question: "hi" }),
    });
    expect(signedOutPost.status).toBe(401);

    const crossSite = await a.request(
      "POST",
      base,
      { kind: "text", title: "x", text: "x" },
      { Origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const crossSiteUpload = await a.fetch("POST", `${base}/files`, {
      headers: { Origin: "https://evil.example" },
      body: (() => {
        const form = new FormData();
        form.append("file", new File(["hello"], "a.txt"));
        return form;
      })(),
    });
    expect(crossSiteUpload.status).toBe(403);

    const source = await a.request("POST", base, { kind: "text", title: "A", text: "A's text" });
    expect((await b.request("GET", base)).status).toBe(404);
    expect((await b.request("POST", base, { kind: "text", title: "x", text: "x" })).status).toBe(
      404,
    );
    expect((await upload(b, "a.txt", new TextEncoder().encode("x"))).status).toBe(404);
    expect((await b.request("POST", `${base}/search`, { question: "text" })).status).toBe(404);
    expect((await b.request("DELETE", `${base}/${source.body.id}`)).status).toBe(404);
    expect((await a.request("GET", "/api/console/bots/nope/knowledge")).status).toBe(404);
    expect((await a.request("GET", "/api/console/bots/demo/knowledge")).status).toBe(404);
    expect(await testDatabase.db.select().from(knowledgeSources)).toHaveLength(1);
  });

  it("refuses wrong content types (415), oversized bodies (413) and invalid input (422)", async () => {
    const asText = await a.fetch("POST", base, {
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ kind: "text", title: "x", text: "x" }),
    });
    expect(asText.status).toBe(415);
    const jsonUpload = await a.request("POST", `${base}/files`, { file: "x" });
    expect(jsonUpload.status).toBe(415);

    const tooBigJson = await a.fetch("POST", base, {
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        kind: "text",
        title: "x",
        text: "x".repeat(knowledgeJsonBodyLimitBytes),
      }),
    });
    expect(tooBigJson.status).toBe(413);
    // A streamed body (no Content-Length) is cut off at the limit too.
    const chunk = new Uint8Array(256 * 1024).fill(65);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > knowledgeUploadBodyLimitBytes * 2) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = await a.fetch("POST", `${base}/files`, {
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(knowledgeUploadBodyLimitBytes * 2);

    const tooBigFile = await upload(
      a,
      "big.txt",
      new Uint8Array(consoleLimits.knowledgeFileBytes + 1).fill(65),
    );
    expect(tooBigFile.status).toBe(413);
    const empty = await upload(a, "empty.txt", new Uint8Array());
    expect(empty.status).toBe(422);
    expect((await empty.json()).error.fields).toEqual({ file: "empty" });
    const exe = await upload(a, "setup.exe", new Uint8Array([77, 90, 0, 0]));
    expect(exe.status).toBe(415);
    const fakePdf = await upload(a, "fake.pdf", new TextEncoder().encode("plain text"));
    expect(fakePdf.status).toBe(415);
    expect((await fakePdf.json()).error.fields).toEqual({ file: "contentMismatch" });
    const noFile = await a.fetch("POST", `${base}/files`, { body: new FormData() });
    expect(noFile.status).toBe(422);

    const badJson = await a.fetch("POST", base, {
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(badJson.status).toBe(400);
    const invalid = await a.request("POST", base, { kind: "faq", title: "F", faqs: [] });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.fields).toEqual({ faqs: "tooShort" });
    const unknownKind = await a.request("POST", base, { kind: "video", title: "V" });
    expect(unknownKind.status).toBe(422);
    const longQuestion = await a.request("POST", `${base}/search`, {
      question: "q".repeat(consoleLimits.knowledgeQuestion + 1),
    });
    expect(longQuestion.status).toBe(422);
    expect((await a.request("POST", `${base}/search`, {})).status).toBe(422);
    expect(await testDatabase.db.select().from(knowledgeSources)).toEqual([]);
  });

  it("stops at the per-bot source count with a clear error", async () => {
    await testDatabase.db.insert(knowledgeSources).values(
      Array.from({ length: consoleLimits.knowledgeSourcesPerBot }, (_, i) => ({
        botId,
        kind: "text" as const,
        title: `Filler ${i}`,
      })),
    );
    const refused = await a.request("POST", base, { kind: "text", title: "One more", text: "x" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      fields: { sources: "tooMany" },
    });
    const thai = await a.request(
      "POST",
      base,
      { kind: "text", title: "One more", text: "x" },
      { "Accept-Language": "th" },
    );
    expect(thai.body.error.message).toMatch(/[\u0e00-\u0e7f]/);
    expect((await upload(a, "more.txt", new TextEncoder().encode("more"))).status).toBe(403);
  });
});
