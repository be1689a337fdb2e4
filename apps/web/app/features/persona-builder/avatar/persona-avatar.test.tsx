// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { PersonaAvatar } from "~/components/avatar/persona-avatar";
import { checkAvatarFile } from "./upload-avatar";

afterEach(cleanup);

function renderAt(path: string, element: React.ReactNode) {
  return render(<MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>);
}

const imageUrl = "/api/avatars/0b0e6a4e-3c8f-4c55-9b1f-1f0c6f6d2a11";

describe("PersonaAvatar", () => {
  it("shows an uploaded image with alt text in the page's language", () => {
    renderAt("/th/persona-builder", <PersonaAvatar avatar={imageUrl} name="น้ำใจ" />);
    const image = screen.getByRole("img");
    expect(image.getAttribute("src")).toBe(imageUrl);
    expect(image.getAttribute("alt")).toBe("รูปประจำตัวของ น้ำใจ");
  });

  it("shows an emoji, or the name's initial without an avatar or when the image fails", () => {
    const { container, unmount } = renderAt(
      "/persona-builder",
      <PersonaAvatar avatar="🦊" name="Fox" />,
    );
    expect(container.textContent).toBe("🦊");
    unmount();
    const bare = renderAt("/persona-builder", <PersonaAvatar avatar="" name="somchai" />);
    expect(bare.container.textContent).toBe("S");
    bare.unmount();
    renderAt("/persona-builder", <PersonaAvatar avatar={imageUrl} name="Nam" />);
    fireEvent.error(screen.getByRole("img"));
    expect(screen.queryByRole("img")).toBeNull();
    expect(document.body.textContent).toBe("N");
  });

  it("never renders another URL as an image", () => {
    const { container } = renderAt(
      "/persona-builder",
      <PersonaAvatar avatar="https://evil.example/x.png" name="Nam" />,
    );
    expect(container.querySelector("img")).toBeNull();
  });
});

describe("checkAvatarFile", () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], "a", { type });

  it("accepts PNG, JPEG and WebP up to 5 MB, with a clear message otherwise", () => {
    expect(checkAvatarFile(file("image/png", 1000), "en")).toBeNull();
    expect(checkAvatarFile(file("image/webp", 5 * 1024 * 1024), "en")).toBeNull();
    expect(checkAvatarFile(file("image/svg+xml", 100), "en")).toMatch(/not a PNG, JPEG or WebP/);
    expect(checkAvatarFile(file("image/gif", 100), "th")).toMatch(/ไม่ใช่รูปภาพ/);
    expect(checkAvatarFile(file("image/jpeg", 5 * 1024 * 1024 + 1), "en")).toMatch(
      /larger than 5 MB/,
    );
  });
});
