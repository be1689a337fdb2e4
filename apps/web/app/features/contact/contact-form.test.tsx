// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContactForm } from "./contact-form";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("~/components/ui/toaster", () => ({ toast }));

function renderForm(url = "/contact") {
  const Stub = createRoutesStub([
    { path: "/contact", Component: ContactForm },
    { path: "/th/contact", Component: ContactForm },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

function field(name: string) {
  const element = document.querySelector(`[name="${name}"]`);
  if (!element) throw new Error(`no field ${name}`);
  return element as HTMLInputElement;
}

function fillValid() {
  fireEvent.change(field("name"), { target: { value: "  Jane Smith " } });
  fireEvent.change(field("email"), { target: { value: "jane@example.com" } });
  fireEvent.change(field("reason"), { target: { value: "support" } });
  fireEvent.change(field("subject"), { target: { value: "Help with my bot" } });
  fireEvent.change(field("message"), { target: { value: "It answers in English only." } });
}

function jsonResponse(body: unknown, status: number) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
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

describe("ContactForm", () => {
  it("labels every field, limits lengths and hides the honeypot", async () => {
    renderForm();
    expect(await screen.findByLabelText(/Full name/)).toHaveProperty("maxLength", 100);
    expect(screen.getByLabelText(/Email/)).toHaveProperty("autocomplete", "email");
    expect(screen.getByLabelText(/Message/)).toHaveProperty("rows", 5);
    const honeypot = field("website");
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.autocomplete).toBe("off");
    expect(honeypot.closest("[aria-hidden='true']")).not.toBeNull();
  });

  it("asks for missing fields without sending anything", async () => {
    renderForm();
    await screen.findByLabelText(/Full name/);
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(toast.error).toHaveBeenCalledWith("Missing Information", {
      description: "Please fill in all required fields.",
    });
    expect(field("name").getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(field("name").getAttribute("aria-describedby")!)).not.toBeNull();
    expect(field("company").hasAttribute("aria-invalid")).toBe(false);
    expect(document.activeElement).toBe(field("name"));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("rejects a display-name email in Thai", async () => {
    renderForm("/th/contact");
    await screen.findByLabelText(/ชื่อ-นามสกุล/);
    fillValid();
    fireEvent.change(field("email"), { target: { value: "Jane <jane@example.com>" } });
    fireEvent.click(screen.getByRole("button", { name: "ส่งข้อความ" }));
    expect(toast.error).toHaveBeenCalledWith("อีเมลไม่ถูกต้อง", {
      description: "กรุณากรอกอีเมลให้ถูกต้อง",
    });
    expect(field("email").getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("preselects sales and names the plan when the URL has ?plan=", async () => {
    renderForm("/contact?plan=pro");
    await waitFor(() => expect(field("reason").value).toBe("sales"));
    expect(field("subject").value).toBe("Interested in the Pro plan");
    expect(screen.getByText("You're asking about the Pro plan.")).toBeTruthy();
  });

  it("sends JSON, shows the server's message and empties the form", async () => {
    let resolve: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((done) => (resolve = done)));
    renderForm();
    await screen.findByLabelText(/Full name/);
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));

    const button = await screen.findByRole("button", { name: "Sending..." });
    expect(button).toHaveProperty("disabled", true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/contact");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toMatchObject({
      "Content-Type": "application/json",
      "Accept-Language": "en",
    });
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Jane Smith",
      email: "jane@example.com",
      company: "",
      phone: "",
      reason: "support",
      subject: "Help with my bot",
      message: "It answers in English only.",
      honeypot: "",
      language: "en",
    });

    await act(async () => resolve(jsonResponse({ message: "Thanks, Jane!" }, 200)));
    expect(toast.success).toHaveBeenCalledWith("Message Sent Successfully!", {
      description: "Thanks, Jane!",
    });
    expect(field("name").value).toBe("");
    expect(field("reason").value).toBe("");
    expect(screen.getByRole("button", { name: "Send Message" })).toHaveProperty("disabled", false);
  });

  it("shows the server's error and keeps every value", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ error: { code: "RATE_LIMITED", message: "Too many messages." } }, 429),
    );
    renderForm();
    await screen.findByLabelText(/Full name/);
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error", { description: "Too many messages." }),
    );
    expect(field("name").value).toBe("  Jane Smith ");
    expect(field("message").value).toBe("It answers in English only.");
  });

  it("falls back to the seed's text when the network fails", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    renderForm();
    await screen.findByLabelText(/Full name/);
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error", {
        description: "Failed to send message. Please try again later.",
      }),
    );
    expect(field("email").value).toBe("jane@example.com");
  });
});
