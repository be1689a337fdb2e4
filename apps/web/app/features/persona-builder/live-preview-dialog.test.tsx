// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LivePreviewDialog } from "./live-preview-dialog";
import { th } from "./messages";
import { createEmptyPersona } from "./persona-draft";

function sse(events: [string, unknown][]): Response {
  const body = events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  return new Response(body.join(""), { headers: { "Content-Type": "text/event-stream" } });
}

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      sse([
        ["token", { text: "ร้านเปิด" }],
        ["done", { status: "cancelled", reason: "server_restart" }],
      ]),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("LivePreviewDialog", () => {
  it("keeps a reply a server restart cut short and asks, in the page's language, to send again", async () => {
    const persona = { ...createEmptyPersona(), name: "Mali" };
    render(
      <MemoryRouter initialEntries={["/th/persona-builder"]}>
        <LivePreviewDialog open onOpenChange={() => {}} persona={persona} locale="th" m={th} />
      </MemoryRouter>,
    );
    const input = screen.getByLabelText(th.preview.inputLabel);
    fireEvent.change(input, { target: { value: "เปิดกี่โมง" } });
    fireEvent.submit(input.closest("form")!);

    const note = await screen.findByText(th.preview.serverRestarted);
    expect(note.parentElement?.textContent).toBe(`ร้านเปิด${th.preview.serverRestarted}`);
    expect(th.preview.serverRestarted).toBe("เซิร์ฟเวอร์เริ่มทำงานใหม่ก่อนตอบเสร็จ กรุณาส่งข้อความอีกครั้ง");
  });
});
