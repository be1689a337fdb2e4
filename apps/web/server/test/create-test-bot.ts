import {
  type BotProvider,
  bots,
  type Db,
  knowledgeChunks,
  knowledgeSources,
  personas,
} from "@jai/db";
import { type PersonaInput, PersonaSchema } from "@jai/engine";
import { buildKnowledgeChunks } from "../services/bots/build-knowledge-chunks";
import { toPersonaFields } from "../services/bots/persona-row";

export type TestBotOptions = {
  id: string;
  name?: string;
  description?: string | null;
  provider?: BotProvider;
  model?: string | null;
  status?: "active" | "paused";
  persona?: PersonaInput;
  /** Knowledge sources: title → text. */
  knowledge?: Record<string, string>;
};

/** Stores a bot with its persona and knowledge, as the owner console will. */
export async function createTestBot(db: Db, options: TestBotOptions): Promise<void> {
  const persona = PersonaSchema.parse({
    name: "Test Persona",
    avatar: "🧪",
    welcomeMessage: "Hello from the test bot",
    ...options.persona,
  });
  const [row] = await db
    .insert(personas)
    .values(toPersonaFields(persona))
    .returning({ id: personas.id });
  await db.insert(bots).values({
    id: options.id,
    personaId: row!.id,
    name: options.name ?? `Bot ${options.id}`,
    description: options.description ?? null,
    aiProvider: options.provider ?? "local",
    aiModel: options.model ?? null,
    status: options.status ?? "active",
  });
  for (const [title, text] of Object.entries(options.knowledge ?? {})) {
    const [source] = await db
      .insert(knowledgeSources)
      .values({ botId: options.id, kind: "text", title, status: "ready" })
      .returning({ id: knowledgeSources.id });
    await db.insert(knowledgeChunks).values(
      buildKnowledgeChunks(text).map((chunk) => ({
        ...chunk,
        botId: options.id,
        sourceId: source!.id,
      })),
    );
  }
}
