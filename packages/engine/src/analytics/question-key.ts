import {
  type ConceptProfile,
  conceptProfile,
  conceptSimilarity,
  questionConcepts,
} from "./question-concepts";

/**
 * A question's key by meaning: the same question written differently (other words, spelling,
 * politeness particles, Thai or English) gets the same key, so the dashboard counts it once:
 * its concepts (`questionConcepts`: lexicon head words, "time", "cost", "where", …) sorted and
 * joined by spaces, at most `questionKeyMaxLength` characters (cut between concepts). Null when
 * the text has no content words (a sticker, "ok", "555", an emoji, a thank you) or only numbers.
 *
 * "ร้านเปิดกี่โมงคะ", "What time do you open?" and "opening hours?" are all "open time".
 */
export function questionKey(text: string): string | null {
  const concepts = questionConcepts(text);
  if (!concepts.some((concept) => !numeric.test(concept))) return null;
  let key = "";
  for (const concept of concepts.sort()) {
    const next = key ? `${key} ${concept}` : concept;
    if (next.length > questionKeyMaxLength) break;
    key = next;
  }
  return key || null;
}

export const questionKeyMaxLength = 200;

const numeric = /^[\d.]+$/;

export type QuestionGroupInput = { key: string; example: string; count: number };
export type QuestionGroup = {
  /** The merged group's key: the key of its most asked member. */
  key: string;
  /** Every key merged into it. */
  keys: string[];
  /** Examples, most asked first. */
  examples: string[];
  count: number;
};

/**
 * How alike two keys must be to count as one question in `groupQuestions`: a key with one more
 * concept than another of two or more ("open time" and "open sunday time") is 0.8 alike.
 */
export const groupSimilarityThreshold = 0.8;

/**
 * Merges keys that mean the same (near-identical concepts, Thai and English) into groups, most
 * asked first. Each key, most asked first, joins the most asked group whose first key is at
 * least `groupSimilarityThreshold` alike (compared with that first key only, so groups do not
 * drift by chains of small steps); examples are deduplicated, most asked first. For read time,
 * over at most a few hundred keys (quadratic).
 */
export function groupQuestions(items: readonly QuestionGroupInput[]): QuestionGroup[] {
  const byKey = new Map<string, { key: string; count: number; examples: Map<string, number> }>();
  for (const item of items) {
    const entry = byKey.get(item.key) ?? { key: item.key, count: 0, examples: new Map() };
    entry.count += item.count;
    entry.examples.set(item.example, (entry.examples.get(item.example) ?? 0) + item.count);
    byKey.set(item.key, entry);
  }
  const entries = [...byKey.values()].sort(byCount);
  const groups: { profile: ConceptProfile; members: typeof entries }[] = [];
  for (const entry of entries) {
    const profile = conceptProfile(entry.key.split(" "));
    const group = groups.find(
      (candidate) => conceptSimilarity(candidate.profile, profile) >= groupSimilarityThreshold,
    );
    if (group) group.members.push(entry);
    else groups.push({ profile, members: [entry] });
  }
  return groups
    .map(({ members }) => {
      const examples = new Map<string, number>();
      for (const member of members) {
        for (const [example, count] of member.examples) {
          examples.set(example, (examples.get(example) ?? 0) + count);
        }
      }
      return {
        key: members[0]!.key,
        keys: members.map((member) => member.key),
        examples: [...examples]
          .map(([key, count]) => ({ key, count }))
          .sort(byCount)
          .map((example) => example.key),
        count: members.reduce((sum, member) => sum + member.count, 0),
      };
    })
    .sort(byCount);
}

function byCount(a: { key: string; count: number }, b: { key: string; count: number }): number {
  return b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * The similarity a curated answer's question (or one of its variants) should reach to answer a
 * customer's message: paraphrases in either language score 0.8 or more, different questions
 * about the same thing ("ส่งของกี่วัน" and "ค่าส่งเท่าไหร่") 0.5 or less.
 */
export const questionMatchThreshold = 0.75;

/**
 * How alike two questions are by meaning, 0–1 (1: the same question), across Thai and English
 * (the bilingual lexicon maps both to the same concepts): a weighted Dice coefficient of their
 * concepts (`conceptSimilarity`). Texts without content words are 0 alike to anything. Used to
 * match a customer's message to curated answers (at `questionMatchThreshold`).
 */
export function questionSimilarity(a: string, b: string): number {
  return conceptSimilarity(cachedProfile(a), cachedProfile(b));
}

/** A message is compared with every curated question in turn: its concepts are worked out once. */
function cachedProfile(text: string): ConceptProfile {
  const cached = profilesByText.get(text);
  if (cached) return cached;
  const profile = conceptProfile(questionConcepts(text));
  if (profilesByText.size >= maxCachedTexts) profilesByText.clear();
  profilesByText.set(text, profile);
  return profile;
}

const profilesByText = new Map<string, ConceptProfile>();
const maxCachedTexts = 2000;
