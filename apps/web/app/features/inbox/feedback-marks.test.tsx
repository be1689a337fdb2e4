// @vitest-environment jsdom
import type { CsatDto } from "@jai/contracts/analytics";
import type { InboxMessageDto } from "@jai/contracts/inbox";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { CsatBadge } from "./feedback-marks";
import { Transcript } from "./transcript";

const reply = (id: string, feedback: InboxMessageDto["feedback"]): InboxMessageDto => ({
  id,
  sender: "bot",
  content: `Reply ${id}`,
  status: "completed",
  media: null,
  author: null,
  event: null,
  delivery: null,
  sentVia: null,
  deliveryError: null,
  sources: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  feedback,
});

let csat: CsatDto | undefined;
function Page() {
  return (
    <>
      <CsatBadge csat={csat} />
      <Transcript
        shown={[
          {
            kind: "stored",
            message: reply("a", { rating: "up", reason: null, at: "2026-01-01T00:01:00.000Z" }),
          },
          {
            kind: "stored",
            message: reply("b", {
              rating: "down",
              reason: "Wrong price",
              at: "2026-01-01T00:02:00.000Z",
            }),
          },
          { kind: "stored", message: reply("c", null) },
        ]}
        botName="Mali"
        customerName="Somchai"
        meId="me"
        now={new Date("2026-01-01T01:00:00.000Z")}
        onRetryDelivery={async () => true}
        onResend={() => {}}
        onDiscard={() => {}}
      />
    </>
  );
}

function renderAt(url: string) {
  const Stub = createRoutesStub([
    { path: "/app/inbox", Component: Page },
    { path: "/th/app/inbox", Component: Page },
  ]);
  render(<Stub initialEntries={[url]} />);
}

afterEach(cleanup);

describe("feedback in the inbox", () => {
  it("shows each reply's thumbs with the reason, and the CSAT score, in English", async () => {
    csat = {
      requestedAt: "2026-01-01T00:30:00.000Z",
      score: 4,
      answeredAt: "2026-01-01T00:40:00.000Z",
    };
    renderAt("/app/inbox");
    const marks = await screen.findAllByTestId("reply-feedback");
    expect(marks.map((mark) => mark.dataset.rating)).toEqual(["up", "down"]);
    expect(marks[0]!.textContent).toBe("The customer found this reply helpful");
    expect(within(marks[1]!).getByText("Wrong price").tagName).toBe("Q");
    expect(marks[1]!.textContent).toContain("Why:");
    const badge = screen.getByTestId("csat-badge");
    expect(badge.textContent).toContain("CSAT 4/5");
    expect(within(badge).getByText("Customer satisfaction: 4 out of 5")).toBeTruthy();
  });

  it("speaks Thai, says when CSAT was asked but not answered, and shows nothing before", async () => {
    csat = { requestedAt: "2026-01-01T00:30:00.000Z", score: null, answeredAt: null };
    renderAt("/th/app/inbox");
    const marks = await screen.findAllByTestId("reply-feedback");
    expect(marks[0]!.textContent).toBe("ลูกค้ากดถูกใจคำตอบนี้");
    expect(marks[1]!.textContent).toContain("ลูกค้ากดไม่ถูกใจคำตอบนี้");
    expect(screen.getByTestId("csat-badge").textContent).toContain("ถามคะแนนความพึงพอใจแล้ว");
    cleanup();
    csat = { requestedAt: null, score: null, answeredAt: null };
    renderAt("/th/app/inbox");
    await screen.findAllByTestId("reply-feedback");
    expect(screen.queryByTestId("csat-badge")).toBeNull();
  });
});
