import { afterEach, beforeEach, vi } from "vitest";

// A test that logs an unexpected console.error fails. Tests that expect one spy on
// console.error themselves (vi.spyOn(console, "error").mockImplementation(() => {})).
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  const logged = errors;
  vi.mocked(console.error).mockRestore();
  if (logged.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${logged.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
