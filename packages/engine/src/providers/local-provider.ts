import { questionMatchThreshold, questionSimilarity } from "../analytics/question-key";
import type { PersonaTone } from "../persona";
import type { SearchHit } from "../retrieval/search-index";
import { detectLanguage, type ReplyLanguage } from "../text/detect-language";
import { scanWordSpans } from "../text/scan-words";
import { classifySmallTalk, focusPassage, isTableRow } from "./local-answer";
import { localTexts, withParticles } from "./local-texts";
import type { ChatProvider, ProviderSettings, TurnContext } from "./provider";
import { seededRandom } from "./seeded-random";

/**
 * How much of a question (IDF-weighted, 0-1) the best FAQ or passage must cover to be given as
 * the answer; below it the bot says it does not know. 0.4: on the labelled set
 * (bench/answer-quality.ts) it keeps every unanswerable question but one unanswered while
 * answering the chatty, particle-heavy questions 0.5 turned away. The engine's `retrieve` uses
 * the same value for what "test a question" marks as used.
 */
export const localMinCoverage = 0.4;

export type LocalProviderSettings = ProviderSettings & {
  /**
   * How much of the question the best FAQ or passage must cover to be given as the answer.
   * Default `localMinCoverage`.
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
  const minCoverage = settings.minCoverage ?? localMinCoverage;
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
export function composeLocalReply(
  turn: TurnContext,
  { minCoverage = localMinCoverage } = {},
): string {
  const { persona, language } = turn;
  const texts = localTexts[language];
  const random = seededRandom(turn.seed);
  const tone = persona.tone.trim().toLowerCase() as PersonaTone;
  const pick = <T>(items: readonly T[]): T | undefined =>
    items[Math.floor(random() * items.length)];
  // The persona's own words only where they are in the reply's language: a Thai customer must
  // not get the English introduction an "auto" persona was written with.
  const own = (items: readonly string[]) =>
    items.map((item) => item.trim()).filter((item) => item && isInLanguage(item, language));
  const parts: string[] = [];
  const smallTalk = classifySmallTalk(turn.userMessage);

  if (turn.isFirstTurn || smallTalk === "greeting")
    parts.push(texts.greetings[tone] ?? texts.greetings.default);
  if (turn.hasImage) parts.push(texts.image);

  const curated = turn.curated?.answer.trim();
  if (curated) {
    // The owner's curated answer is the answer, whatever else matched (like an FAQ's, as
    // written, framed when it is in the other language).
    parts.push(answerText(curatedHit(turn.curated!), turn.userMessage, language));
  } else if (smallTalk === "greeting") {
    parts.push(own([persona.introduction])[0] ?? texts.offerHelp);
  } else if (smallTalk === "thanks") {
    parts.push(texts.thanks);
  } else if (smallTalk === "goodbye") {
    parts.push(texts.goodbye);
  } else if (!turn.userMessage.trim()) {
    if (turn.hasImage) parts.push(texts.imageOnly);
  } else {
    const [answer] = chooseLocalAnswer(turn.hits, { minCoverage, language });
    if (answer) {
      const openers = texts.openers[tone] ?? [];
      const text = answerText(answer, turn.userMessage, language);
      // "Sure!" before "Not yet, …" contradicts the answer: no opener before a refusal.
      const opens = openers.length > 0 && !startsWithRefusal.test(text);
      if (!turn.isFirstTurn && opens && random() < 0.5) parts.push(pick(openers)!);
      parts.push(text);
      const catchphrases = own(persona.catchphrases);
      if (catchphrases.length > 0 && random() < 0.3) parts.push(pick(catchphrases)!);
    } else {
      parts.push(pick(own(persona.defaultReplies)) ?? texts.unknown);
    }
  }
  return withParticles(parts.join(" "), persona.gender);
}

/**
 * What the local provider will answer from: the best hit covering at least `minCoverage` of
 * the question, unless one nearly as good (80 % of its coverage, half its score) is written in the reply
 * language, which then wins (a bot with an English and a Thai version of each passage answers
 * a Thai question in Thai). Empty: it will say it does not know. The engine's `retrieve`
 * reports the same as `used`, so "test a question" shows exactly what the reply quotes.
 */
export function chooseLocalAnswer(
  hits: readonly SearchHit[],
  { minCoverage = localMinCoverage, language }: { minCoverage?: number; language: string },
): SearchHit[] {
  const confident = hits.filter((hit) => hit.coverage >= minCoverage);
  const best = confident[0];
  if (!best) return [];
  if (language !== "th" && language !== "en") return [best];
  // Only an answer nearly as complete as the best (it covers as much of the question) may
  // replace it; a price list's rows are never swapped (another row is another product).
  // A table row's language is its cells', not its headers': rows are never swapped.
  if (detectLanguage(best.text) === language || isTableRow(best.text)) return [best];
  const inLanguage = confident.find(
    (hit) => detectLanguage(hit.text) === language && hit.coverage >= 0.8 * best.coverage,
  );
  if (inLanguage && inLanguage.score >= 0.5 * best.score) return [inLanguage];
  // The same FAQ in the reply's language, which the owner wrote too: its question means what
  // the best one's does, even when the customer's wording matches the other language's better
  // ("what time do you open?" covers ร้านเปิดกี่โมง whole, "When are you open?" only in part).
  const twin =
    best.kind === "faq" && best.title
      ? hits.find(
          (hit) =>
            hit.kind === "faq" &&
            hit.title &&
            detectLanguage(hit.text) === language &&
            questionSimilarity(hit.title, best.title!) >= questionMatchThreshold,
        )
      : undefined;
  return [twin ?? best];
}

/** A curated answer as the best passage there is: given like an FAQ's answer. */
function curatedHit(curated: { question: string; answer: string }): SearchHit {
  return {
    id: "curated",
    kind: "faq",
    title: curated.question,
    text: curated.answer,
    source: curated.question,
    score: 1,
    coverage: 1,
  };
}

const startsWithRefusal =
  /^(?:ยังไม่|ไม่|ขออภัย|ขอโทษ|เสียใจ|no\b|not\b|sorry|unfortunately|we don't|we do not)/i;

/** Whether a persona text is written in the reply language (only Thai and English are told apart). */
function isInLanguage(text: string, language: string): boolean {
  if (language !== "th" && language !== "en") return true;
  return detectLanguage(text) === language;
}

/**
 * The answer as a chat reply: an FAQ's answer as written; of a passage, the sentence(s) that
 * answer, whole (`focusPassage`), a table row as a sentence (`describeRow`). When the words are
 * in the other language than the reply's, a short framing in the reply's language says so.
 */
function answerText(hit: SearchHit, question: string, language: ReplyLanguage): string {
  const text = hit.kind === "faq" ? hit.text.trim() : focusPassage(hit.text, question, language);
  // A table row is read out in the reply's language already; its cells stay as written.
  if (isTableRow(hit.text)) return text;
  if ((language === "th" || language === "en") && detectLanguage(text) !== language) {
    return `${localTexts[language].otherLanguage} ${text}`;
  }
  return text;
}

/** Each word with the spaces and punctuation after it, so the pieces join back to the text. */
function splitWords(text: string): string[] {
  const starts = scanWordSpans(text).map((span) => span.start);
  if (starts.length === 0) return text ? [text] : [];
  starts[0] = 0;
  return starts.map((start, position) => text.slice(start, starts[position + 1] ?? text.length));
}
