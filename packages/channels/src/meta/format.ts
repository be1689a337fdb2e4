import { splitText } from "../split-text";
import { metaQuickReplyPrefix } from "./events";
import type { MetaOutgoing, MetaPlatform } from "./types";

/** Meta's documented Send API limits (UTF-16 code units, as counted here). */
export const metaLimits = {
  /** A Messenger text message. */
  messengerTextMax: 2_000,
  /** An Instagram text message. */
  instagramTextMax: 1_000,
  quickReplies: 13,
  /** A quick reply button's title. */
  quickReplyTitle: 20,
  /** A quick reply's payload (what comes back when tapped). */
  quickReplyPayload: 1_000,
} as const;

type QuickReply = { content_type: "text"; title: string; payload: string };

/**
 * A reply as Send API messages: the text cut at paragraph, sentence or word boundaries (Thai
 * words too) under the platform's limit; quick replies (at most 13) on the last message only,
 * their titles cut to 20 units and their payload the full question (`"q:" + text`), so a tap
 * comes back as the whole question.
 */
export function formatMetaMessages(
  platform: MetaPlatform,
  text: string,
  options: { quickReplies?: readonly string[] } = {},
): MetaOutgoing[] {
  const max = platform === "messenger" ? metaLimits.messengerTextMax : metaLimits.instagramTextMax;
  const parts = splitText(text, max);
  if (parts.length === 0) return [];
  const quickReplies = metaQuickReplies(options.quickReplies ?? []);
  return parts.map((part, index) =>
    index === parts.length - 1 && quickReplies.length > 0
      ? { text: part, quick_replies: quickReplies }
      : { text: part },
  );
}

/** Quick reply buttons for these questions: blanks and repeats dropped, at most 13. */
export function metaQuickReplies(questions: readonly string[]): QuickReply[] {
  const replies: QuickReply[] = [];
  const seen = new Set<string>();
  for (const raw of questions) {
    const question = raw.replace(/\s+/g, " ").trim();
    if (!question || seen.has(question)) continue;
    seen.add(question);
    replies.push({
      content_type: "text",
      title: cutTitle(question, metaLimits.quickReplyTitle),
      payload: `${metaQuickReplyPrefix}${cutAtGrapheme(question, metaLimits.quickReplyPayload - metaQuickReplyPrefix.length)}`,
    });
    if (replies.length === metaLimits.quickReplies) break;
  }
  return replies;
}

const words = new Intl.Segmenter("th", { granularity: "word" });
const graphemes = new Intl.Segmenter("th", { granularity: "grapheme" });

/**
 * At most `max` UTF-16 units with "…" when cut: at the last word end that keeps at least half
 * the room (Thai words come from `Intl.Segmenter`), else the last whole grapheme (never half an
 * emoji or a Thai vowel without its consonant).
 */
export function cutTitle(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - 1;
  let wordEnd = 0;
  for (const segment of words.segment(text)) {
    const end = segment.index + segment.segment.length;
    if (end > room) break;
    wordEnd = end;
  }
  const head =
    wordEnd >= room / 2 ? text.slice(0, wordEnd).trimEnd() : cutAtGrapheme(text, room).trimEnd();
  return `${head}…`;
}

/** The longest prefix of whole graphemes of at most `max` UTF-16 units. */
function cutAtGrapheme(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const segment of graphemes.segment(text)) {
    const next = segment.index + segment.segment.length;
    if (next > max) break;
    end = next;
  }
  return text.slice(0, end);
}
