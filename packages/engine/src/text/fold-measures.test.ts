import { describe, expect, it } from "vitest";
import { segmentWords } from "./segment-words";

/** The words a text folds to, as the index and queries see them. */
const words = (text: string) => segmentWords(text, { dropStopWords: true });

describe("foldMeasures, through segmentWords", () => {
  it.each([
    ["09:00", "t0900"],
    ["9.00 น.", "t0900"],
    ["๙.๐๐ น.", "t0900"],
    ["9 am", "t0900"],
    ["9 a.m.", "t0900"],
    ["9 โมง", "t0900"],
    ["9 โมงเช้า", "t0900"],
    ["เก้าโมง", "t0900"],
    ["2pm", "t1400"],
    ["14:00", "t1400"],
    ["บ่าย 2", "t1400"],
    ["บ่ายสองโมง", "t1400"],
    ["บ่ายโมง", "t1300"],
    ["4 โมงเย็น", "t1600"],
    ["3 โมง", "t1500"],
    ["2 ทุ่ม", "t2000"],
    ["สองทุ่ม", "t2000"],
    ["20.00 น.", "t2000"],
    ["เที่ยง", "t1200"],
    ["เที่ยงคืน", "t0000"],
    ["ตี 2", "t0200"],
    ["12 pm", "t1200"],
    ["12 am", "t0000"],
  ])("%s is the time %s", (text, time) => {
    expect(words(text)).toEqual([time]);
  });

  it("reads both ends of a range, dotted or not", () => {
    expect(words("เปิด 9.00-20.00 น.")).toEqual(["เปิด", "t0900", "t2000"]);
    expect(words("open 9:00–20:00")).toEqual(["open", "t0900", "t2000"]);
    expect(words("open 9am-8pm")).toEqual(["open", "t0900", "t2000"]);
  });

  it("leaves prices with a dot alone", () => {
    expect(words("2.50 บาท")).toEqual(["2.50", "baht"]);
    expect(words("65.00")).toEqual(["65.00"]);
    expect(words("กี่โมง")).toEqual(["โมง"]);
  });

  it.each([
    ["500 กรัม", ["500", "g"]],
    ["500g", ["500", "g"]],
    ["500 grams", ["500", "g"]],
    ["2 กก.", ["2", "kg"]],
    ["2kg", ["2", "kg"]],
    ["3 กม.", ["3", "km"]],
    ["3 km", ["3", "km"]],
    ["3 kilometres", ["3", "km"]],
    ["฿65", ["65", "baht"]],
    ["65 บาท", ["65", "baht"]],
    ["65thb", ["65", "baht"]],
    ["65 THB", ["65", "baht"]],
    ["10%", ["10", "percent"]],
    ["10 เปอร์เซ็นต์", ["10", "percent"]],
    ["16 oz", ["16", "oz"]],
    ["16 ออนซ์", ["16", "oz"]],
    ["30 นาที", ["30", "minute"]],
    ["30 mins", ["30", "minute"]],
    ["250 มล.", ["250", "ml"]],
  ])("%s folds to %j", (text, expected) => {
    expect(words(text)).toEqual(expected);
  });

  it("drops repeated letters people type for emphasis", () => {
    expect(words("ราคาาาา")).toEqual(["ราคา"]);
    expect(words("มากกกก")).toEqual(["มาก"]);
    expect(words("sooooo good")).toEqual(["soo", "good"]);
    expect(words("coffee")).toEqual(["coffee"]);
    expect(words("ธรรมดา")).toEqual(segmentWords("ธรรมดา"));
  });

  it("keeps a hyphenated word whole and in parts, so either spelling meets the other", () => {
    expect(words("e-mail")).toEqual(["e", "email", "mail"]);
    expect(words("check-in")).toContain("checkin");
    expect(words("pre-order")).toEqual(["pre", "preorder", "order"]);
  });
});
