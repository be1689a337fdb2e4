import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { accountMessages } from "../app/features/accounts/messages";
import { avatarMessages } from "../app/features/persona-builder/avatar/messages";
import { personaBuilderMessages } from "../app/features/persona-builder/messages";
import { quickQuestionLabel } from "../app/features/persona-builder/quick-questions";
import { waitForEmail } from "./server-mail";
import { expect, test, waitForHydration } from "./support";

const password = "a long and happy passphrase";

const samples = {
  en: {
    name: "Mali the Barista",
    bio: "Helps coffee lovers choose beans and book tastings.",
    customTone: "Warm and short, never pushy.",
    catchphrases: ["Brewed with heart!", "One sip at a time."],
    welcome: "Hi there! I'm Mali from Baan Coffee.",
    introduction: "I can tell you about our beans, hours and tastings.",
    defaultReply: "Let me check with the team and get back to you.",
    faqs: [
      {
        question: "What are your opening hours on public holidays?",
        answer: "We open every day from 8 in the morning until 6 in the evening, holidays too.",
      },
      { question: "Do you deliver?", answer: "Yes, anywhere in Chiang Mai city." },
    ],
    context: "Never promise refunds; hand complaints to the team.",
    knowledge: "Our beans come from Doi Chang in Chiang Rai, roasted every Monday.",
    prompts: "Answer in at most three sentences.",
  },
  th: {
    name: "น้องมะลิ บาริสต้า",
    bio: "ช่วยคนรักกาแฟเลือกเมล็ดและจองคิวชิม",
    customTone: "อบอุ่น พูดสั้น ไม่เร่งเร้า",
    catchphrases: ["ชงด้วยใจ", "ค่อย ๆ จิบนะคะ"],
    welcome: "สวัสดีค่ะ มะลิจากร้านบ้านกาแฟค่ะ",
    introduction: "มะลิเล่าเรื่องเมล็ดกาแฟ เวลาเปิด และการจองชิมได้ค่ะ",
    defaultReply: "ขอตรวจสอบกับทีมงานก่อนนะคะ",
    faqs: [
      {
        question: "ร้านเปิดกี่โมงในวันหยุดนักขัตฤกษ์คะ",
        answer: "ร้านเปิดทุกวันตั้งแต่แปดโมงเช้าถึงหกโมงเย็น รวมวันหยุดด้วยค่ะ",
      },
      { question: "มีบริการส่งไหม", answer: "มีค่ะ ส่งทั่วเมืองเชียงใหม่" },
    ],
    context: "ห้ามสัญญาเรื่องคืนเงิน ส่งเรื่องร้องเรียนให้ทีมงาน",
    knowledge: "เมล็ดกาแฟมาจากดอยช้าง เชียงราย คั่วทุกวันจันทร์",
    prompts: "ตอบไม่เกินสามประโยค",
  },
} as const;

for (const locale of ["en", "th"] as const) {
  const m = personaBuilderMessages[locale];
  const sample = samples[locale];
  const prefix = locale === "th" ? "/th" : "";
  const builderPath = `${prefix}/persona-builder`;
  const smiling = avatarMessages[locale].emojiNames["😊"]!;

  async function openTab(page: Page, tab: keyof typeof m.tabs) {
    await page.getByRole("tab", { name: m.tabs[tab].label }).click();
    return page.getByRole("tabpanel");
  }

  async function fillEveryTab(page: Page) {
    let panel = await openTab(page, "identity");
    await panel.getByLabel(m.fields.name.label, { exact: true }).fill(sample.name);
    // The radio is drawn over by its emoji: choose it as a keyboard user would.
    await panel.getByRole("radio", { name: smiling }).press("Space");
    await panel.getByLabel(m.fields.role.label, { exact: true }).selectOption("Consultant");
    await panel.getByLabel(m.fields.gender.label, { exact: true }).selectOption("female");
    await panel.getByLabel(m.fields.bio.label, { exact: true }).fill(sample.bio);

    panel = await openTab(page, "voice");
    await panel.getByLabel(m.fields.tone.label, { exact: true }).selectOption("friendly");
    await panel.getByLabel(m.fields.customTone.label, { exact: true }).fill(sample.customTone);
    await panel
      .getByLabel(m.fields.language.label, { exact: true })
      .selectOption(locale === "th" ? "thai" : "english");
    await panel
      .getByLabel(m.lists.catchphrases.item(1), { exact: true })
      .fill(sample.catchphrases[0]);
    await panel.getByRole("button", { name: m.lists.catchphrases.add }).click();
    await panel
      .getByLabel(m.lists.catchphrases.item(2), { exact: true })
      .fill(sample.catchphrases[1]);

    panel = await openTab(page, "greeting");
    await panel.getByLabel(m.fields.welcomeMessage.label, { exact: true }).fill(sample.welcome);
    await panel.getByLabel(m.fields.introduction.label, { exact: true }).fill(sample.introduction);

    panel = await openTab(page, "behavior");
    await panel
      .getByLabel(m.lists.defaultReplies.item(1), { exact: true })
      .fill(sample.defaultReply);
    await panel.getByLabel(m.faqs.question(1), { exact: true }).fill(sample.faqs[0].question);
    await panel.getByLabel(m.faqs.answer(1), { exact: true }).fill(sample.faqs[0].answer);
    await panel.getByRole("button", { name: m.faqs.add }).click();
    await panel.getByLabel(m.faqs.question(2), { exact: true }).fill(sample.faqs[1].question);
    await panel.getByLabel(m.faqs.answer(2), { exact: true }).fill(sample.faqs[1].answer);

    panel = await openTab(page, "context");
    await panel
      .getByLabel(m.fields.contextInstructions.label, { exact: true })
      .fill(sample.context);
    panel = await openTab(page, "knowledge");
    await panel.getByLabel(m.fields.knowledgeBase.label, { exact: true }).fill(sample.knowledge);
    panel = await openTab(page, "advanced");
    await panel.getByLabel(m.fields.customPrompts.label, { exact: true }).fill(sample.prompts);
  }

  async function expectEveryTab(page: Page) {
    let panel = await openTab(page, "identity");
    await expect(panel.getByLabel(m.fields.name.label, { exact: true })).toHaveValue(sample.name);
    await expect(panel.getByRole("radio", { name: smiling })).toBeChecked();
    await expect(panel.getByLabel(m.fields.role.label, { exact: true })).toHaveValue("Consultant");
    await expect(panel.getByLabel(m.fields.gender.label, { exact: true })).toHaveValue("female");
    await expect(panel.getByLabel(m.fields.bio.label, { exact: true })).toHaveValue(sample.bio);

    panel = await openTab(page, "voice");
    await expect(panel.getByLabel(m.fields.tone.label, { exact: true })).toHaveValue("friendly");
    await expect(panel.getByLabel(m.fields.customTone.label, { exact: true })).toHaveValue(
      sample.customTone,
    );
    await expect(panel.getByLabel(m.lists.catchphrases.item(2), { exact: true })).toHaveValue(
      sample.catchphrases[1],
    );

    panel = await openTab(page, "greeting");
    await expect(panel.getByLabel(m.fields.welcomeMessage.label, { exact: true })).toHaveValue(
      sample.welcome,
    );
    await expect(panel.getByLabel(m.fields.introduction.label, { exact: true })).toHaveValue(
      sample.introduction,
    );

    panel = await openTab(page, "behavior");
    await expect(panel.getByLabel(m.lists.defaultReplies.item(1), { exact: true })).toHaveValue(
      sample.defaultReply,
    );
    await expect(panel.getByLabel(m.faqs.answer(2), { exact: true })).toHaveValue(
      sample.faqs[1].answer,
    );

    panel = await openTab(page, "context");
    await expect(panel.getByLabel(m.fields.contextInstructions.label, { exact: true })).toHaveValue(
      sample.context,
    );
    panel = await openTab(page, "knowledge");
    await expect(panel.getByLabel(m.fields.knowledgeBase.label, { exact: true })).toHaveValue(
      sample.knowledge,
    );
    panel = await openTab(page, "advanced");
    await expect(panel.getByLabel(m.fields.customPrompts.label, { exact: true })).toHaveValue(
      sample.prompts,
    );
  }

  /** Waits until the autosave has written the draft (it is debounced). */
  async function waitForAutosave(page: Page, text: string) {
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("jai.persona-builder.draft.v1") ?? ""))
      .toContain(text);
  }

  function exportAction(page: Page, label: string): Locator {
    return page.getByRole("tabpanel").getByRole("button", { name: label });
  }

  test.describe(`persona builder (${locale})`, () => {
    test("fill every tab, reload, preview a quick question, export and import JSON", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.goto(builderPath);
      await waitForHydration(page);
      await expect(page.getByRole("tab", { name: m.tabs.identity.label })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await expect(page.getByTestId("draft-status")).toContainText(m.draft.newPersona);

      // Limits: the field stops at its maximum and says so.
      const name = page.getByLabel(m.fields.name.label, { exact: true });
      await expect(name).toHaveAttribute("maxlength", "80");
      await name.fill("x".repeat(90));
      await expect(name).toHaveValue("x".repeat(80));
      await expect(page.getByText(m.atLimit(80), { exact: false })).toBeVisible();

      await fillEveryTab(page);
      await waitForAutosave(page, sample.prompts);
      await page.reload();
      await waitForHydration(page);
      await expectEveryTab(page);

      // The live preview: the welcome message, then a quick question answered from the FAQ.
      await openTab(page, "export");
      await exportAction(page, m.exportTab.livePreview.label).click();
      const preview = page.getByRole("dialog", { name: m.preview.title });
      await expect(preview.getByText(m.preview.online)).toBeVisible();
      const log = preview.getByRole("log");
      await expect(log).toContainText(sample.welcome);
      const send = preview.getByRole("button", { name: m.preview.send, exact: true });
      await expect(send).toBeDisabled();
      // Cut at 30 characters plus "…".
      const quickLabel = quickQuestionLabel(sample.faqs[0].question);
      expect(quickLabel).toMatch(/…$/);
      const quick = preview.getByRole("button", { name: quickLabel });
      await expect(quick).toBeVisible();
      await expect(preview.getByRole("button", { name: sample.faqs[1].question })).toBeVisible();
      await quick.click();
      await expect(log.locator("[data-role=user]")).toHaveText(sample.faqs[0].question);
      await expect(log.locator("[data-role=assistant]").last()).toContainText(
        sample.faqs[0].answer,
        { timeout: 15_000 },
      );
      // A typed question, sent with Enter.
      await preview.getByLabel(m.preview.inputLabel, { exact: true }).fill(sample.faqs[1].question);
      await expect(send).toBeEnabled();
      await preview.getByLabel(m.preview.inputLabel, { exact: true }).press("Enter");
      await expect(log.locator("[data-role=assistant]").last()).toContainText(
        sample.faqs[1].answer,
        { timeout: 15_000 },
      );
      await page.keyboard.press("Escape");

      // The card preview: Edit goes back to Identity.
      await exportAction(page, m.exportTab.cardPreview.label).click();
      const card = page.getByRole("dialog", { name: m.card.title });
      await expect(card).toContainText(sample.name);
      await expect(card).toContainText(sample.bio);
      await card.getByRole("button", { name: m.card.edit }).click();
      await expect(page.getByRole("tab", { name: m.tabs.identity.label })).toHaveAttribute(
        "aria-selected",
        "true",
      );

      // Export as JSON: a valid, versioned persona file.
      await openTab(page, "export");
      await exportAction(page, m.exportTab.exportPersona.label).click();
      const exportDialog = page.getByRole("dialog", { name: m.exportDialog.title });
      const downloadPromise = page.waitForEvent("download");
      await exportDialog.getByRole("button", { name: m.exportDialog.json.label }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(/\.persona\.json$/);
      const filePath = await download.path();
      const file = JSON.parse(await readFile(filePath, "utf8"));
      expect(file).toMatchObject({
        format: "jai.persona",
        version: 1,
        persona: {
          name: sample.name,
          avatar: "😊",
          role: "Consultant",
          gender: "female",
          tone: "friendly",
          language: locale === "th" ? "thai" : "english",
          faqs: sample.faqs,
          catchphrases: sample.catchphrases,
          knowledgeBase: sample.knowledge,
        },
      });

      // The card as PNG (a real PNG with its size) and as PDF (its text has the name, Thai too).
      const pngDownload = page.waitForEvent("download");
      await exportDialog.getByRole("button", { name: m.exportDialog.png.label }).click();
      const png = await readFile(await (await pngDownload).path());
      expect(png.subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      );
      expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
      expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(600);
      expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(400);
      const pdfDownload = page.waitForEvent("download");
      await exportDialog.getByRole("button", { name: m.exportDialog.pdf.label }).click();
      const pdfFile = await pdfDownload;
      expect(pdfFile.suggestedFilename()).toMatch(/\.pdf$/);
      const pdf = await readFile(await pdfFile.path());
      expect(pdf.subarray(0, 5).toString("ascii")).toBe("%PDF-");
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
        mergePages: true,
      });
      expect(text.normalize("NFC")).toContain(sample.name);
      await page.keyboard.press("Escape");

      // Start over, then import the file back: the same persona.
      await page.getByRole("button", { name: m.draft.startOver }).click();
      await page.getByRole("button", { name: m.draft.startOverConfirm }).click();
      await expect(page.getByLabel(m.fields.name.label, { exact: true })).toHaveValue("");
      await openTab(page, "export");
      const importInput = page.getByLabel(m.exportTab.import.label, { exact: true });
      await importInput.setInputFiles({
        name: "broken.persona.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify({ format: "jai.persona", version: 9, persona: {} })),
      });
      await expect(page.getByRole("alert")).toHaveText(m.importFile.problems.newer_version(9));
      await importInput.setInputFiles(filePath);
      await expectEveryTab(page);
    });

    test("save while signed out, sign in, and find it saved", async ({ page }) => {
      test.setTimeout(60_000);
      const a = accountMessages[locale];
      const email = `builder-${locale}-${randomUUID().slice(0, 8)}@example.com`;

      // An account, verified but not signed in.
      await page.goto(`${prefix}/sign-up`);
      await waitForHydration(page);
      await page.getByLabel(a.fields.name).fill("Somchai Jaidee");
      await page.getByLabel(a.fields.email).fill(email);
      await page.getByLabel(a.fields.password, { exact: true }).fill(password);
      await page.getByRole("button", { name: a.signUp.submit }).click();
      await expect(page.getByRole("heading", { name: a.signUp.checkEmail.title })).toBeVisible();
      const verification = await waitForEmail(a.emails.verifyEmail.subject("Jai"), { to: email });
      const link = new URL(verification.text.match(/https?:\/\/\S+/)![0]);
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole("heading", { name: a.verifyEmail.verified.title })).toBeVisible();

      await page.goto(builderPath);
      await waitForHydration(page);
      await page.getByLabel(m.fields.name.label, { exact: true }).fill(sample.name);
      await openTab(page, "behavior");
      await page.getByLabel(m.faqs.question(1), { exact: true }).fill(sample.faqs[0].question);
      await page.getByLabel(m.faqs.answer(1), { exact: true }).fill(sample.faqs[0].answer);
      await waitForAutosave(page, sample.faqs[0].answer);

      await openTab(page, "export");
      await exportAction(page, m.exportTab.save.label).click();
      const signInDialog = page.getByRole("dialog", { name: m.save.signInTitle });
      await signInDialog.getByRole("link", { name: m.save.signIn }).click();
      await expect(page).toHaveURL(
        new RegExp(`${prefix}/sign-in\\?next=${encodeURIComponent(`${builderPath}?save=1`)}`),
      );
      await waitForHydration(page);
      await page.getByLabel(a.fields.email).fill(email);
      await page.getByLabel(a.fields.password, { exact: true }).fill(password);
      await page.getByRole("button", { name: a.signIn.submit }).click();

      // Back in the builder: saved at once, and `save=1` is gone from the address.
      await expect(page.getByText(m.save.created)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${builderPath}$`));
      await expect(page.getByTestId("draft-status")).toContainText(m.draft.editing(sample.name));
      const listed = await page.request.get("/api/console/personas");
      expect(listed.status()).toBe(200);
      const personas = (await listed.json()) as Array<{ id: string; name: string }>;
      expect(personas.map((persona) => persona.name)).toEqual([sample.name]);

      // Saving again updates the same persona.
      await openTab(page, "identity");
      await page.getByLabel(m.fields.name.label, { exact: true }).fill(`${sample.name} 2`);
      await openTab(page, "export");
      await exportAction(page, m.exportTab.save.label).click();
      await expect(page.getByText(m.save.updated)).toBeVisible();
      const again = (await (await page.request.get("/api/console/personas")).json()) as Array<{
        id: string;
        name: string;
      }>;
      expect(again).toEqual([
        expect.objectContaining({ id: personas[0]!.id, name: `${sample.name} 2` }),
      ]);

      // A link opens a saved persona for editing.
      await page.goto(`${builderPath}?persona=${personas[0]!.id}`);
      await waitForHydration(page);
      await expect(page.getByTestId("draft-status")).toContainText(
        m.draft.editing(`${sample.name} 2`),
      );
      await expect(page).toHaveURL(new RegExp(`${builderPath}$`));
      await openTab(page, "behavior");
      await expect(page.getByLabel(m.faqs.answer(1), { exact: true })).toHaveValue(
        sample.faqs[0].answer,
      );
    });
  });
}
