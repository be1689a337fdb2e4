import { curatedAnswers, type Db, eq, sql } from "@jai/db";
import type { CuratedAnswerInput, TurnEvent, TurnResult } from "@jai/engine";
import { describeError, type Logger } from "../../logger";
import { loadCuratedCandidates } from "../improve/curated-cache";
import { matchCuratedAnswer, sendsVerbatim } from "../improve/curated-match";

/** A customer's message matched to one of the bot's curated answers. */
export type CuratedTurnMatch = CuratedAnswerInput & {
  /** Sent as it is (no provider call); otherwise the engine answers from it. */
  verbatim: boolean;
};

/**
 * The bot's curated answer for a customer's message, before any retrieval (modules/improve):
 * `verbatim` when the answer is sent as written, in the reply language or for any language;
 * a `guide` answer, or one written in the other language, goes to the engine as the
 * authoritative answer (`TurnInput.curated`). Never fails the turn: a database error is logged
 * and the turn goes on without.
 */
export async function findCuratedAnswer(
  deps: { db: Db; logger: Logger },
  input: { botId: string; text: string; replyLanguage: string },
): Promise<CuratedTurnMatch | null> {
  try {
    const candidates = await loadCuratedCandidates(deps.db, input.botId);
    const match = matchCuratedAnswer(candidates, input.text, { language: input.replyLanguage });
    if (!match) return null;
    const { candidate } = match;
    return {
      id: candidate.id,
      question: candidate.question,
      answer: candidate.answer,
      verbatim: sendsVerbatim(candidate, input.replyLanguage),
    };
  } catch (error) {
    deps.logger.warn("curated answers not matched", {
      botId: input.botId,
      ...describeError(error),
    });
    return null;
  }
}

/**
 * A verbatim curated answer as a turn's events: the owner's text itself, no provider call (like
 * a forget-me confirmation): stored with no tokens, its source the curated answer.
 */
export async function* curatedTurn(
  match: CuratedTurnMatch,
  language: TurnResult["language"],
): AsyncGenerator<TurnEvent, void, undefined> {
  const reply = match.answer.trim();
  yield { type: "token", text: reply };
  yield {
    type: "done",
    result: {
      status: "completed",
      reply,
      text: reply,
      usage: { inputTokens: 0, outputTokens: 0 },
      latency: { firstTokenMs: 0, totalMs: 0 },
      provider: "system",
      model: "curated",
      attempts: 0,
      language,
      sources: [
        {
          id: `curated:${match.id}`,
          kind: "curated",
          source: match.question,
          score: 1,
          coverage: 1,
        },
      ],
    },
  };
}

/** Counts a reply given from a curated answer (after the reply: never slows or fails it). */
export async function recordCuratedHit(
  deps: { db: Db; logger: Logger },
  curatedAnswerId: string,
): Promise<void> {
  try {
    await deps.db
      .update(curatedAnswers)
      .set({
        hits: sql`${curatedAnswers.hits} + 1`,
        lastHitAt: new Date(),
        // The owner's edits only: the matching cache keys on it.
        updatedAt: sql`${curatedAnswers.updatedAt}`,
      })
      .where(eq(curatedAnswers.id, curatedAnswerId));
  } catch (error) {
    deps.logger.warn("curated answer hit not counted", {
      curatedAnswerId,
      ...describeError(error),
    });
  }
}
