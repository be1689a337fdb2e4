// The Demo Bot's persona and knowledge as an owner would enter them in the console, for
// benchmarks that need an owner's bot answering like the Demo Bot.
import { createDemoBot as createSeed } from "../../packages/engine/src/index.ts";

export function createDemoBot(): {
  persona: Record<string, unknown>;
  knowledge: { title: string; text: string }[];
} {
  const demo = createSeed("Jai");
  return {
    persona: { ...demo.persona },
    knowledge: demo.knowledge.map(({ id, title, text }) => ({ title: title ?? id, text })),
  };
}
