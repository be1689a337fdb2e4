import type { PersonaTone } from "../persona";
import type { SearchHit } from "../retrieval/search-index";
import { chunkText } from "../text/chunk-text";
import { detectLanguage } from "../text/detect-language";
import { scanWordSpans } from "../text/scan-words";
import { segmentWords } from "../text/segment-words";
import { localTexts, withParticles } from "./local-texts";
import type { ChatProvider, ProviderSettings, TurnContext } from "./provider";
import { seededRandom } from "./seeded-random";

export type LocalProviderSettings = ProviderSettings & {
  /**
   * How much of the question (IDF-weighted, 0-1) the best FAQ or passage must cover to be given
   * as the answer. Default 0.5: on the Demo Bot set it answered 23 of 30 questions, 1 wrongly,
   * and refused all 6 it had no answer for (bench/retrieval-quality.ts).
   */
  minCoverage?: number;
  /** Pause between streamed words, for a typing effect. Default 0. */
  wordDelayMs?: number;
};

/**
 * The embedded provider: no model, no key, no network. It answers with the best-matching FAQ
 * answer or knowledge passage when that covers enough of the question, in the persona's voice
 * (a greeting on the first turn, now and then a tone-dependent opener or a catchphrase, chosen
 * by the turn's seed), and otherwise with one of the persona's default replies or an honest
 * "I don't know that yet" in the reply language. It says when it got an image it cannot read.
 * It streams its reply word by word like a model would.
 */
export function createLocalProvider(settings: LocalProviderSettings = {}): ChatProvider {
  const minCoverage = settings.minCoverage ?? 0.5;
  const wordDelayMs = settings.wordDelayMs ?? 0;
  return {
    kind: "local",
    model: settings.model ?? "retrieval",
    key: "local",
    canSeeImages: false,
    async *stream(request, signal) {
      const reply = composeLocalReply(request.turn, { minCoverage });
      for (const piece of splitWords(reply)) {
        if (signal.aborted) return;
        if (wordDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, wordDelayMs));
        yield { type: "text", text: piece };
      }
    },
  };
}

/** The local provider's whole reply for a turn (exported for tests and the live preview). */
export function composeLocalReply(turn: TurnContext, { minCoverage = 0.5 } = {}): string {
  const { persona, language } = turn;
  const texts = localTexts[language];
  const random = seededRandom(turn.seed);
  const tone = persona.tone.trim().toLowerCase() as PersonaTone;
  const pick = <T>(items: readonly T[]): T | undefined =>
    items[Math.floor(random() * items.length)];
  const parts: string[] = [];
  const smallTalk = classifySmallTalk(turn.userMessage);

  if (turn.isFirstTurn || smallTalk === "greeting")
    parts.push(texts.greetings[tone] ?? texts.greetings.default);
  if (turn.hasImage) parts.push(texts.image);

  if (smallTalk === "greeting") {
    parts.push(persona.introduction.trim() || texts.offerHelp);
  } else if (smallTalk === "thanks") {
    parts.push(texts.thanks);
  } else if (!turn.userMessage.trim()) {
    if (turn.hasImage) parts.push(texts.imageOnly);
  } else {
    const answer = chooseAnswer(turn.hits, minCoverage, language);
    if (answer) {
      const openers = texts.openers[tone] ?? [];
      if (!turn.isFirstTurn && openers.length > 0 && random() < 0.5) parts.push(pick(openers)!);
      parts.push(
        answer.kind === "faq" ? answer.text.trim() : focusPassage(answer.text, turn.userMessage),
      );
      const catchphrases = persona.catchphrases.map((phrase) => phrase.trim()).filter(Boolean);
      if (catchphrases.length > 0 && random() < 0.3) parts.push(pick(catchphrases)!);
    } else {
      const defaults = persona.defaultReplies.map((reply) => reply.trim()).filter(Boolean);
      parts.push(pick(defaults) ?? texts.unknown);
    }
  }
  return withParticles(parts.join(" "), persona.gender);
}

/**
 * The hit to answer with: the best one covering enough of the question, unless one nearly as
 * good (75 % of its score) is written in the reply language, which then wins: a bot with an
 * English and a Thai version of each passage answers a Thai question in Thai.
 */
function chooseAnswer(
  hits: readonly SearchHit[],
  minCoverage: number,
  language: string,
): SearchHit | undefined {
  const confident = hits.filter((hit) => hit.coverage >= minCoverage);
  const best = confident[0];
  if (!best || (language !== "th" && language !== "en")) return best;
  const inLanguage = confident.find((hit) => detectLanguage(hit.text) === language);
  return inLanguage && inLanguage.score >= 0.75 * best.score ? inLanguage : best;
}

/**
 * The part of a passage that answers: a chunk can hold several paragraphs (an English and a Thai
 * version, two topics), and a chat reply should be the one that matches. Splits at paragraphs,
 * then at sentences past `focusChars`, and keeps the piece sharing the most words with the
 * question (the first on a tie).
 */
function focusPassage(text: string, question: string): string {
  const asked = new Set(segmentWords(question, { dropStopWords: true }));
  let best = text.trim();
  let bestShared = -1;
  for (const paragraph of text.split(/\n\s*\n|\n/)) {
    for (const piece of chunkText(paragraph, { maxChars: focusChars, overlap: 0 })) {
      const shared = new Set(
        segmentWords(piece.text, { dropStopWords: true }).filter((word) => asked.has(word)),
      ).size;
      if (shared > bestShared) {
        best = piece.text;
        bestShared = shared;
      }
    }
  }
  return best;
}

const focusChars = 320;

const greetingWords = new Set([
  "hi",
  "hello",
  "hey",
  "hiya",
  "morning",
  "afternoon",
  "evening",
  "สวัสดี",
  "หวัดดี",
  "ดีจ้า",
]);
const thanksWords = new Set(["thank", "thx", "ty", "ขอบคุณ", "ขอบใจ", "แต๊งกิ้ว"]);
/** Words that may come with either ("good morning", "thanks a lot", "ขอบคุณมาก"). */
const smallTalkFillers = new Set(["good", "lot", "มาก", "เลย"]);

/** A message that is only a greeting, or only thanks (particles and fillers aside). */
function classifySmallTalk(message: string): "greeting" | "thanks" | undefined {
  const words = segmentWords(message, { dropStopWords: true }).filter(
    (word) => !smallTalkFillers.has(word),
  );
  if (words.length === 0 || words.length > 3) return undefined;
  if (words.every((word) => greetingWords.has(word))) return "greeting";
  if (words.every((word) => thanksWords.has(word))) return "thanks";
  return undefined;
}

/** Each word with the spaces and punctuation after it, so the pieces join back to the text. */
function splitWords(text: string): string[] {
  const starts = scanWordSpans(text).map((span) => span.start);
  if (starts.length === 0) return text ? [text] : [];
  starts[0] = 0;
  return starts.map((start, position) => text.slice(start, starts[position + 1] ?? text.length));
}
