// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { consoleMessages } from "./messages";
import { ProviderProblemAlert } from "./provider-problem-alert";
import { sourceTitles } from "./transcript-page";

const { en, th } = consoleMessages;

function renderAt(path: string, element: ReactElement) {
  return render(<MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>);
}

afterEach(cleanup);

describe("ProviderProblemAlert", () => {
  it("says in red, in the owner's language, why customers get an apology, with the way to Settings", () => {
    renderAt(
      "/th/app/bots",
      <ProviderProblemAlert
        bot={{ id: "k3Xp9aQ2", providerProblem: "auth", providerProblemAt: "2026-11-24T03:15:00Z" }}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(th.bot.providerProblem.auth);
    const link = screen.getByRole("link", { name: th.bot.openSettings });
    expect(link.getAttribute("href")).toBe("/th/app/bots/k3Xp9aQ2#bot-settings-title");
  });

  it("names each problem the owner can fix, and shows nothing when all is well", () => {
    for (const kind of ["auth", "quota", "config"] as const) {
      renderAt(
        "/app/bots/b1",
        <ProviderProblemAlert bot={{ id: "b1", providerProblem: kind, providerProblemAt: null }} />,
      );
      expect(screen.getByRole("alert").textContent).toContain(en.bot.providerProblem[kind]);
      cleanup();
    }
    const { container } = renderAt(
      "/app/bots/b1",
      <ProviderProblemAlert bot={{ id: "b1", providerProblem: null, providerProblemAt: null }} />,
    );
    expect(container.textContent).toBe("");
  });
});

describe("sourceTitles", () => {
  it("lists each source once, in the order the reply used them", () => {
    const source = (passageId: string, title: string, kind: "faq" | "knowledge" = "knowledge") => ({
      passageId,
      sourceId: null,
      kind,
      title,
    });
    expect(
      sourceTitles([
        source("a#0", "Delivery policy.pdf"),
        source("faq:1", "FAQ", "faq"),
        source("a#3", "Delivery policy.pdf"),
        source("faq:0", "FAQ", "faq"),
      ]),
    ).toEqual(["Delivery policy.pdf", "FAQ"]);
    expect(`${en.transcript.answeredFrom}: Delivery policy.pdf, FAQ`).toBe(
      "Answered from: Delivery policy.pdf, FAQ",
    );
    expect(th.transcript.answeredFrom).toBe("ตอบจาก");
  });
});
