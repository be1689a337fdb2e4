import type { PersonaDto } from "@jai/contracts/console";
import { consoleMessages } from "../app/features/console/messages";
import { personaBuilderMessages } from "../app/features/persona-builder/messages";
import { createOwnerBot } from "./owner";
import { expect, test, waitForHydration } from "./support";

/**
 * The owner's synonyms, typed in the builder on a persona their bot uses (opened from the
 * console), saved, and read back: through the API and in the builder again.
 */
for (const locale of ["en", "th"] as const) {
  const b = personaBuilderMessages[locale];
  const c = consoleMessages[locale];
  const prefix = locale === "th" ? "/th" : "";
  const personaName = locale === "th" ? "น้องมะลิ ร้านกาแฟ" : "Mali the Barista";

  test(`synonyms typed in Thai and English are saved (${locale})`, async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    await createOwnerBot(page.request, baseURL!, {
      persona: {
        name: personaName,
        faqs: [{ question: "ค่าส่งเท่าไหร่", answer: "ค่าส่ง 40 บาททั่วเชียงใหม่ค่ะ" }],
      },
    });
    // What signing in on a page leaves in the browser (the API sign-in above does not): without
    // it the builder takes the visitor for signed out and asks them to sign in to save.
    await page.addInitScript(() => localStorage.setItem("jai.signed-in", "1"));

    // The console's Edit opens the bot's persona in the builder.
    await page.goto(`${prefix}/app/personas`);
    await waitForHydration(page);
    const row = page.getByTestId("persona-row");
    await expect(row).toContainText(personaName);
    await row.getByRole("button", { name: c.personas.edit }).click();
    await expect(page.getByTestId("draft-status")).toContainText(b.draft.editing(personaName));

    await page.getByRole("tab", { name: b.tabs.knowledge.label }).click();
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByText(b.fields.synonyms.hint)).toBeVisible();
    const field = panel.getByLabel(b.fields.synonyms.label, { exact: true });
    await expect(field).toHaveValue("");

    // A one-word line is pointed out; a word over the limit is an error, in the page's language.
    await field.fill(`latte = ลาเต้ = กาแฟนม\nค่าส่ง, ${"ค".repeat(61)}\nโปรโมชัน`);
    await expect(panel.getByText(b.fields.synonyms.problems.singleTerm(3))).toBeVisible();
    await expect(
      panel.getByText(b.fields.synonyms.problems.termTooLong(2, `${"ค".repeat(24)}…`, 60)),
    ).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    // Saving with it sends the owner back to the field.
    await page.getByRole("tab", { name: b.tabs.export.label }).click();
    await page.getByRole("tabpanel").getByRole("button", { name: b.exportTab.save.label }).click();
    await expect(page.getByText(b.save.invalid(b.fields.synonyms.label))).toBeVisible();
    await expect(page.getByRole("tab", { name: b.tabs.knowledge.label })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    await field.fill("latte = ลาเต้ = กาแฟนม\nค่าส่ง, ค่าจัดส่ง, Shipping , shipping\n");
    await expect(panel.getByTestId("synonyms-problems")).toHaveCount(0);
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    await expect(panel.getByText(b.fields.synonyms.counter(2, 100))).toBeVisible();

    await page.getByRole("tab", { name: b.tabs.export.label }).click();
    await page.getByRole("tabpanel").getByRole("button", { name: b.exportTab.save.label }).click();
    await expect(page.getByText(b.save.updated)).toBeVisible();

    // Saved, normalised: the API answers the sets.
    const listed = (await (await page.request.get("/api/console/personas")).json()) as Array<{
      id: string;
    }>;
    const saved = (await (
      await page.request.get(`/api/console/personas/${listed[0]!.id}`)
    ).json()) as PersonaDto;
    expect(saved.persona.synonyms).toEqual([
      ["latte", "ลาเต้", "กาแฟนม"],
      ["ค่าส่ง", "ค่าจัดส่ง", "Shipping"],
    ]);

    // Opened again from its link: one set a line.
    await page.goto(`${prefix}/persona-builder?persona=${saved.id}`);
    await waitForHydration(page);
    await expect(page.getByTestId("draft-status")).toContainText(b.draft.editing(personaName));
    await page.getByRole("tab", { name: b.tabs.knowledge.label }).click();
    await expect(
      page.getByRole("tabpanel").getByLabel(b.fields.synonyms.label, { exact: true }),
    ).toHaveValue("latte, ลาเต้, กาแฟนม\nค่าส่ง, ค่าจัดส่ง, Shipping");
  });
}
