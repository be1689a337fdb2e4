import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { avatarMessages } from "../app/features/persona-builder/avatar/messages";
import { personaBuilderMessages } from "../app/features/persona-builder/messages";
import { expect, test, waitForHydration } from "./support";

// The browser logs the refused upload's status; the page shows its own message.
test.use({ allowedConsoleErrors: /status of 415/ });

const avatarUrl = /^\/api\/avatars\/[0-9a-f-]{36}$/;

for (const locale of ["en", "th"] as const) {
  const a = avatarMessages[locale];
  const m = personaBuilderMessages[locale];
  const builderPath = `${locale === "th" ? "/th" : ""}/persona-builder`;

  test.describe(`custom avatar (${locale})`, () => {
    test("upload, see it, refuse wrong files with a clear message, remove, and put it on the PDF card", async ({
      page,
    }) => {
      await page.goto(builderPath);
      await waitForHydration(page);
      const panel = page.getByRole("tabpanel");
      const fileInput = panel.getByTestId("avatar-file-input");
      const uploads: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/api/avatars") && request.method() === "POST") {
          uploads.push(request.url());
        }
      });

      // Checked in the browser first: a GIF never leaves it.
      await fileInput.setInputFiles({
        name: "moving.gif",
        mimeType: "image/gif",
        buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
          .gif()
          .toBuffer(),
      });
      await expect(panel.getByRole("alert")).toHaveText(a.errors.type);
      expect(uploads).toEqual([]);

      // An SVG named .png gets past the browser's check; the server reads the bytes and refuses.
      await fileInput.setInputFiles({
        name: "innocent.png",
        mimeType: "image/png",
        buffer: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
      });
      await expect(panel.getByRole("alert")).toHaveText(a.errors.type);
      expect(uploads).toHaveLength(1);

      // A real photo: uploaded, shown, served as a 256×256 WebP.
      const photo = await sharp({
        create: { width: 900, height: 600, channels: 3, background: "#0ea5e9" },
      })
        .jpeg()
        .toBuffer();
      await fileInput.setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
      const image = panel.getByRole("img", { name: a.uploadedAlt("") });
      await expect(image).toBeVisible();
      await expect(panel.getByRole("alert")).toHaveText("");
      const source = (await image.getAttribute("src")) ?? "";
      expect(source).toMatch(avatarUrl);
      const served = await page.request.get(source);
      expect(served.headers()["content-type"]).toBe("image/webp");
      expect(served.headers()["cache-control"]).toContain("immutable");
      const metadata = await sharp(await served.body()).metadata();
      expect([metadata.width, metadata.height]).toEqual([256, 256]);
      for (const radio of await panel.getByRole("radio").all()) {
        await expect(radio).not.toBeChecked();
      }

      // The PDF card draws the uploaded image.
      await page.getByRole("tab", { name: m.tabs.export.label }).click();
      await page
        .getByRole("tabpanel")
        .getByRole("button", { name: m.exportTab.exportPersona.label })
        .click();
      const exportDialog = page.getByRole("dialog", { name: m.exportDialog.title });
      const pdfDownload = page.waitForEvent("download");
      await exportDialog
        .getByRole("button", { name: new RegExp(`^${m.exportDialog.pdf.label}`) })
        .click();
      const pdf = await readFile(await (await pdfDownload).path());
      expect(pdf.subarray(0, 5).toString("ascii")).toBe("%PDF-");
      expect(pdf.toString("latin1")).toContain("/Subtype /Image");
      await page.keyboard.press("Escape");

      // Removing the image goes back to an emoji.
      await page.getByRole("tab", { name: m.tabs.identity.label }).click();
      await page.getByRole("tabpanel").getByRole("button", { name: a.remove }).click();
      await expect(
        page.getByRole("tabpanel").getByRole("img", { name: a.uploadedAlt("") }),
      ).toHaveCount(0);
      await expect(page.getByRole("tabpanel").getByRole("radio", { checked: true })).toHaveCount(1);
    });
  });
}

test("the upload and PDF endpoints refuse another site's requests", async ({ page }) => {
  await page.goto("/");
  const evil = { Origin: "https://evil.example" };
  const upload = await page.request.post("/api/avatars", {
    headers: evil,
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("x") } },
  });
  expect(upload.status()).toBe(403);
  const card = await page.request.post("/api/personas/card.pdf", {
    headers: evil,
    data: { persona: { name: "x" }, locale: "en" },
  });
  expect(card.status()).toBe(403);
  const unknown = await page.request.get("/api/avatars/00000000-0000-4000-8000-000000000000");
  expect(unknown.status()).toBe(404);
});
