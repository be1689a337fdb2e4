// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { en, type PersonaBuilderMessages, th } from "./messages";
import { SynonymsField } from "./synonyms-field";

/** The field as the builder holds it: the persona's sets in state, a way to replace them. */
function Harness({
  initial = [],
  m = en,
  seen,
}: {
  initial?: string[][];
  m?: PersonaBuilderMessages;
  seen: string[][][];
}) {
  const [synonyms, setSynonyms] = useState(initial);
  return (
    <>
      <SynonymsField
        synonyms={synonyms}
        onChange={(next) => {
          seen.push(next);
          setSynonyms(next);
        }}
        m={m}
      />
      <button type="button" onClick={() => setSynonyms([["ค่าส่ง", "shipping"]])}>
        Import
      </button>
    </>
  );
}

const field = (m: PersonaBuilderMessages) =>
  screen.getByLabelText(m.fields.synonyms.label) as HTMLTextAreaElement;

afterEach(cleanup);

describe("SynonymsField", () => {
  it("turns Thai and English lines into the persona's sets, keeping the text as typed", () => {
    const seen: string[][][] = [];
    render(<Harness seen={seen} />);
    expect(screen.getByText(en.fields.synonyms.hint)).toBeTruthy();
    expect(field(en).getAttribute("aria-describedby")).toContain(
      screen.getByText(en.fields.synonyms.hint).id,
    );

    fireEvent.change(field(en), { target: { value: "latte, ลาเต้ , กาแฟนม\nค่าส่ง = " } });
    expect(field(en).value).toBe("latte, ลาเต้ , กาแฟนม\nค่าส่ง = ");
    expect(seen.at(-1)).toEqual([["latte", "ลาเต้", "กาแฟนม"], ["ค่าส่ง"]]);
    // A one-word line is pointed out, not an error.
    expect(screen.getByText(en.fields.synonyms.problems.singleTerm(2))).toBeTruthy();
    expect(field(en).getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByText("1 of 100 sets")).toBeTruthy();

    fireEvent.change(field(en), {
      target: { value: "latte, ลาเต้ , กาแฟนม\nค่าส่ง = ค่าจัดส่ง = shipping" },
    });
    expect(seen.at(-1)).toEqual([
      ["latte", "ลาเต้", "กาแฟนม"],
      ["ค่าส่ง", "ค่าจัดส่ง", "shipping"],
    ]);
    expect(screen.queryByTestId("synonyms-problems")).toBeNull();
    expect(screen.getByText("2 of 100 sets")).toBeTruthy();
  });

  it("says what breaks a limit, in Thai on Thai pages", () => {
    render(<Harness seen={[]} m={th} />);
    const eleven = Array.from({ length: 11 }, (_, index) => `คำ${index}`).join(", ");
    fireEvent.change(field(th), {
      target: { value: `${eleven}\nกาแฟ = ${"ก".repeat(61)}` },
    });
    expect(field(th).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("บรรทัดที่ 1 มี 11 คำ แต่หนึ่งชุดใส่ได้สูงสุด 10 คำ")).toBeTruthy();
    expect(screen.getByText(`บรรทัดที่ 2: “${"ก".repeat(24)}…” ยาวเกิน 60 ตัวอักษร`)).toBeTruthy();

    const sets = Array.from({ length: 101 }, (_, index) => `ก${index}, ข${index}`).join("\n");
    fireEvent.change(field(th), { target: { value: sets } });
    expect(
      screen.getByText("ตอนนี้มี 101 ชุด แต่เพอร์โซนาหนึ่งใส่ได้สูงสุด 100 ชุด โปรดลบออก 1 ชุด"),
    ).toBeTruthy();
  });

  it("lists a few problems at a time", () => {
    render(<Harness seen={[]} />);
    fireEvent.change(field(en), { target: { value: "a\nb\nc\nd\ne\nf\ng" } });
    const items = screen.getByTestId("synonyms-problems").querySelectorAll("li");
    expect(items).toHaveLength(6);
    expect(items[5]!.textContent).toBe(en.fields.synonyms.moreProblems(2));
  });

  it("shows saved sets one a line, and rewrites the text when they change elsewhere", () => {
    render(<Harness seen={[]} initial={[["latte", "ลาเต้"]]} />);
    expect(field(en).value).toBe("latte, ลาเต้");
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(field(en).value).toBe("ค่าส่ง, shipping");
  });
});
