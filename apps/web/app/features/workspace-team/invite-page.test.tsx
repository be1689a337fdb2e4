// @vitest-environment jsdom
import type { InvitationInfoDto } from "@jai/contracts/inbox";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InvitePage, type InvitePageData } from "./invite-page";
import { workspaceTeamMessages } from "./messages";

const token = "a".repeat(43);
const invitation: InvitationInfoDto = {
  workspaceName: "Malee Shop",
  inviterName: "Malee",
  role: "agent",
  email: "no•••@example.com",
  status: "pending",
  expiresAt: "2026-12-03T10:00:00.000Z",
};
const base: InvitePageData = {
  token,
  invitation,
  invitedEmail: "nok@example.com",
  viewer: null,
};

let shown: InvitePageData = base;
function Page() {
  return <InvitePage data={shown} />;
}

function renderAt(url: string, data: InvitePageData) {
  shown = data;
  const Stub = createRoutesStub([
    { path: "/invite/:token", Component: Page },
    { path: "/th/invite/:token", Component: Page },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const fetchMock = vi.fn<typeof fetch>();
const assign = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  assign.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("location", { ...window.location, assign });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("InvitePage", () => {
  it("offers a signed-out visitor to sign up with the invited address, or sign in, and come back", () => {
    const m = workspaceTeamMessages.th;
    renderAt(`/th/invite/${token}`, base);
    expect(screen.getByRole("heading", { name: m.invitePage.title("Malee Shop") })).toBeTruthy();
    expect(screen.getByTestId("invite-role").textContent).toBe(m.roles.agent);
    const back = encodeURIComponent(`/th/invite/${token}`);
    expect(screen.getByRole("link", { name: m.invitePage.signUp }).getAttribute("href")).toBe(
      `/th/sign-up?next=${back}&email=nok%40example.com`,
    );
    expect(screen.getByRole("link", { name: m.invitePage.signIn }).getAttribute("href")).toBe(
      `/th/sign-in?next=${back}`,
    );
  });

  it("joins, then opens where the role starts", async () => {
    const m = workspaceTeamMessages.en;
    fetchMock.mockResolvedValue(
      Response.json({ workspaceId: "w1", role: "agent", next: "/app/inbox" }),
    );
    renderAt(`/invite/${token}`, {
      ...base,
      viewer: { email: "nok@example.com", isInvited: true, emailVerified: true },
    });
    fireEvent.click(screen.getByRole("button", { name: m.invitePage.join("Malee Shop") }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/app/inbox"));
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/invitations/${token}/accept`);
  });

  it("says in words why a link no longer works", async () => {
    const m = workspaceTeamMessages.en.invitePage;
    renderAt(`/invite/${token}`, { ...base, invitation: { ...invitation, status: "revoked" } });
    expect(screen.getByRole("heading", { name: m.refused.revoked.title })).toBeTruthy();
    cleanup();

    // Expired while the page was open: the server's refusal becomes the page's words.
    fetchMock.mockResolvedValue(
      Response.json(
        { error: { code: "CONFLICT", message: "x", fields: { invitation: "expired" } } },
        { status: 409 },
      ),
    );
    renderAt(`/invite/${token}`, {
      ...base,
      viewer: { email: "nok@example.com", isInvited: true, emailVerified: true },
    });
    fireEvent.click(screen.getByRole("button", { name: m.join("Malee Shop") }));
    expect(await screen.findByRole("heading", { name: m.refused.expired.title })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows both addresses to someone signed in with another one, and offers to sign out", () => {
    const m = workspaceTeamMessages.en.invitePage;
    renderAt(`/invite/${token}`, {
      ...base,
      viewer: { email: "somchai@example.com", isInvited: false, emailVerified: true },
    });
    expect(screen.getByRole("alert").textContent).toContain(
      m.mismatch.text("somchai@example.com", "no•••@example.com"),
    );
    expect(screen.getByRole("button", { name: m.mismatch.signOut })).toBeTruthy();
    expect(screen.queryByRole("button", { name: m.join("Malee Shop") })).toBeNull();
  });
});
