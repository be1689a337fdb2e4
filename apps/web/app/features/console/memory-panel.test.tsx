// @vitest-environment jsdom
import type { ContactMemoryDto } from "@jai/contracts/console";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryMessages } from "./memory-messages";
import { MemoryPanel } from "./memory-panel";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("~/components/ui/toaster", () => ({ toast }));

const contact: ContactMemoryDto = {
  contactId: "6f0c3c2e-5b8a-4e61-9a59-0d5c8f3b2a11",
  memory: "- Name: สมชาย\n- Preferences: ไม่ใส่น้ำตาล",
  updatedAt: "2026-11-24T03:15:00.000Z",
};
const path = `/api/console/bots/b1/contacts/${contact.contactId}/memory`;

/** The contact the next render shows. */
let shown = contact;

function Panel() {
  return <MemoryPanel botId="b1" contact={shown} />;
}

function renderAt(url: string, value: ContactMemoryDto = contact) {
  shown = value;
  const Stub = createRoutesStub([
    { path: "/app/bots/b1/conversations/c1", Component: Panel },
    { path: "/th/app/bots/b1/conversations/c1", Component: Panel },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  toast.error.mockReset();
  toast.success.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("MemoryPanel", () => {
  it("shows what the bot remembers, in the owner's language", async () => {
    renderAt("/th/app/bots/b1/conversations/c1");
    expect(await screen.findByText(memoryMessages.th.title)).toBeTruthy();
    expect(screen.getByTestId("memory-text").textContent).toBe(contact.memory);
    expect(screen.getByRole("button", { name: memoryMessages.th.edit })).toBeTruthy();
    expect(screen.getByRole("button", { name: memoryMessages.th.clear })).toBeTruthy();
  });

  it("says when nothing is remembered, and offers no Clear", async () => {
    renderAt("/app/bots/b1/conversations/c1", { ...contact, memory: null, updatedAt: null });
    expect(await screen.findByText(memoryMessages.en.empty)).toBeTruthy();
    expect(screen.queryByRole("button", { name: memoryMessages.en.clear })).toBeNull();
  });

  it("saves the owner's words through the console API, 600 characters at most", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ ...contact, memory: "- VIP" }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
    );
    renderAt("/app/bots/b1/conversations/c1");
    fireEvent.click(await screen.findByRole("button", { name: memoryMessages.en.edit }));
    const textarea = screen.getByLabelText(memoryMessages.en.label) as HTMLTextAreaElement;
    expect(textarea.maxLength).toBe(600);
    expect(textarea.value).toBe(contact.memory);
    fireEvent.change(textarea, { target: { value: "- VIP" } });
    expect(screen.getByText(/5 \/ 600 characters/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(memoryMessages.en.saved));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(path);
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toEqual({ memory: "- VIP" });
  });

  it("clears after asking", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    renderAt("/app/bots/b1/conversations/c1");
    fireEvent.click(await screen.findByRole("button", { name: memoryMessages.en.clear }));
    expect(await screen.findByText(memoryMessages.en.clearTitle)).toBeTruthy();
    const buttons = screen.getAllByRole("button", { name: memoryMessages.en.clear });
    fireEvent.click(buttons.at(-1)!);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(memoryMessages.en.cleared));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(path);
    expect(init?.method).toBe("DELETE");
  });
});
