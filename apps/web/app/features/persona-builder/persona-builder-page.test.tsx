// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { PersonaBuilderPage } from "./persona-builder-page";

function renderPage(url: string) {
  const Stub = createRoutesStub([
    { path: "/persona-builder", Component: PersonaBuilderPage },
    { path: "/th/persona-builder", Component: PersonaBuilderPage },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

afterEach(cleanup);

describe("PersonaBuilderPage", () => {
  it("opens on Identity with eight tabs and a way home", async () => {
    renderPage("/persona-builder");
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      "Identity",
      "Voice",
      "Greeting",
      "Behavior",
      "Context",
      "Knowledge",
      "Advanced",
      "Export",
    ]);
    expect(tabs[0]!.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toContain("Who your bot is");
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });

  it("steps through the tabs with Next and Back", async () => {
    renderPage("/persona-builder");
    fireEvent.click(await screen.findByRole("button", { name: "Next: Voice" }));
    expect(screen.getByRole("tab", { name: "Voice" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toContain("How your bot sounds");
    fireEvent.click(screen.getByRole("button", { name: "Back: Identity" }));
    expect(screen.getByRole("tab", { name: "Identity" }).getAttribute("aria-selected")).toBe(
      "true",
    );
  });

  it("speaks Thai on Thai pages and links home in Thai", async () => {
    renderPage("/th/persona-builder");
    expect((await screen.findAllByRole("tab")).map((tab) => tab.textContent)).toEqual([
      "ตัวตน",
      "น้ำเสียง",
      "คำทักทาย",
      "พฤติกรรม",
      "บริบท",
      "ความรู้",
      "ขั้นสูง",
      "ส่งออก",
    ]);
    expect(screen.getByRole("link", { name: "กลับหน้าแรก" }).getAttribute("href")).toBe("/th");
  });
});

describe("PersonaBuilderPage form", () => {
  afterEach(() => localStorage.clear());

  it("grows and shrinks lists, one empty entry at least, up to the limit", async () => {
    renderPage("/persona-builder");
    fireEvent.click(await screen.findByRole("button", { name: "Next: Voice" }));
    expect(screen.getByLabelText("Catchphrase 1")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add a catchphrase" }));
    fireEvent.change(screen.getByLabelText("Catchphrase 2"), { target: { value: "Cheers!" } });
    fireEvent.click(screen.getByRole("button", { name: "Remove catchphrase 1" }));
    expect((screen.getByLabelText("Catchphrase 1") as HTMLInputElement).value).toBe("Cheers!");
    fireEvent.click(screen.getByRole("button", { name: "Remove catchphrase 1" }));
    expect((screen.getByLabelText("Catchphrase 1") as HTMLInputElement).value).toBe("");
    for (let count = 1; count < 20; count++) {
      fireEvent.click(screen.getByRole("button", { name: "Add a catchphrase" }));
    }
    expect(screen.getByLabelText("Catchphrase 20")).toBeTruthy();
    expect(
      (screen.getByRole("button", { name: "Add a catchphrase" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText("That's the most this list can hold (20).")).toBeTruthy();
  });

  it("shows each field's limit and how much is used", async () => {
    renderPage("/th/persona-builder");
    const name = (await screen.findByLabelText("ชื่อ")) as HTMLInputElement;
    expect(name.maxLength).toBe(80);
    fireEvent.change(name, { target: { value: "มะลิ" } });
    expect(screen.getByText("4 / 80")).toBeTruthy();
  });
});
