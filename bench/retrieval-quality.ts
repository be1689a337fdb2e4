/**
 * Retrieval quality on the Demo Bot's knowledge: a labelled set of English, Thai and mixed
 * questions, each with the topic whose passage or FAQ should rank first. Prints top-1 and top-3
 * accuracy for each retrieval setting (stop words on / off, Thai character pairs on / off), and
 * how the local provider's confidence threshold separates answerable questions from questions
 * the Demo Bot cannot answer.
 *
 *   npx tsx bench/retrieval-quality.ts
 *
 * Prints figures, asserts nothing (exit 0 unless it cannot run).
 */
import { createDemoBot } from "../packages/engine/src/demo-bot-knowledge.ts";
import { buildDocuments } from "../packages/engine/src/retrieval/build-documents.ts";
import {
  buildSearchIndex,
  type SearchIndexOptions,
} from "../packages/engine/src/retrieval/search-index.ts";
import { printTable, writeResults } from "./engine-bench-kit.ts";

type Question = { text: string; language: "en" | "th" | "mixed"; topics: string[] };

/** Phrased unlike the FAQ questions on purpose; `topics` lists every right answer. */
const questions: Question[] = [
  {
    language: "en",
    text: "What does the Pro plan cost per month?",
    topics: ["plan-pro", "pricing"],
  },
  { language: "en", text: "How many bots do I get with Business?", topics: ["plan-business"] },
  { language: "en", text: "Is Enterprise white-label?", topics: ["plan-enterprise"] },
  { language: "en", text: "How long is the free trial?", topics: ["trial"] },
  { language: "en", text: "Can I connect my LINE OA?", topics: ["line", "channels"] },
  {
    language: "en",
    text: "Does it work with Instagram DMs?",
    topics: ["instagram", "channels", "coming"],
  },
  { language: "en", text: "How do I put the chatbot on my website?", topics: ["website-widget"] },
  { language: "en", text: "Is there an API for developers?", topics: ["public-api"] },
  {
    language: "en",
    text: "Can I import FAQs from Google Sheets?",
    topics: ["google-sheets", "coming"],
  },
  {
    language: "en",
    text: "Where can I see stats on unanswered questions?",
    topics: ["analytics", "coming"],
  },
  {
    language: "en",
    text: "Can I sell my persona templates?",
    topics: ["marketplace-sales", "coming"],
  },
  {
    language: "en",
    text: "Can a human agent take over from the bot?",
    topics: ["human-handoff", "coming"],
  },
  { language: "en", text: "Is there a discount if I pay yearly?", topics: ["cycles", "pricing"] },
  { language: "en", text: "Which plan has 750 users per month?", topics: ["plan-starter"] },
  { language: "th", text: "แพ็กเกจ Pro ราคาเท่าไหร่คะ", topics: ["plan-pro", "pricing"] },
  { language: "th", text: "Business สร้างบอทได้กี่ตัว", topics: ["plan-business"] },
  { language: "th", text: "ทดลองใช้ฟรีกี่วันครับ", topics: ["trial"] },
  { language: "th", text: "เชื่อมกับไลน์ได้ไหม", topics: ["line", "channels"] },
  {
    language: "th",
    text: "ตอบแชทในอินสตาแกรมได้หรือเปล่า",
    topics: ["instagram", "channels", "coming"],
  },
  { language: "th", text: "ติดตั้งแชทบอทบนเว็บไซต์ยังไง", topics: ["website-widget"] },
  { language: "th", text: "จ่ายรายปีมีส่วนลดไหม", topics: ["cycles", "pricing"] },
  { language: "th", text: "ดูสถิติคำถามที่บอทตอบไม่ได้ที่ไหน", topics: ["analytics", "coming"] },
  { language: "th", text: "ขายเทมเพลตเพอร์โซนาได้ไหม", topics: ["marketplace-sales", "coming"] },
  { language: "th", text: "ให้พนักงานรับแชทต่อจากบอทได้ไหมคะ", topics: ["human-handoff", "coming"] },
  { language: "th", text: "ราคารวมค่า API ของ AI แล้วหรือยัง", topics: ["ai-providers"] },
  { language: "th", text: "แพ็กเกจที่ถูกที่สุดราคา๙๙๐บาทใช่ไหม", topics: ["plan-starter", "pricing"] },
  { language: "mixed", text: "Enterprise plan ราคาต่อปีเท่าไหร่", topics: ["plan-enterprise"] },
  { language: "mixed", text: "ใช้ TikTok กับบอทได้ไหม", topics: ["tiktok", "channels", "coming"] },
  { language: "mixed", text: "Persona builder ต้องเขียนโค้ดไหม", topics: ["persona-builder"] },
  { language: "mixed", text: "dashboard มีการคาดการณ์ไหม", topics: ["analytics", "coming"] },
];

/** Questions the Demo Bot has no answer for: the local provider should say it does not know. */
const unanswerable = [
  "What's the weather in Bangkok tomorrow?",
  "Do you sell pizza?",
  "ร้านเปิดกี่โมง",
  "แนะนำร้านกาแฟแถวสยามหน่อย",
  "Who won the football match last night?",
  "ช่วยแปลประโยคนี้เป็นภาษาญี่ปุ่นหน่อย",
];

const demo = createDemoBot("Jai");
const documents = buildDocuments({ faqs: demo.faqs, knowledge: demo.knowledge });
const topicOf = new Map<string, string>();
for (const [position, faq] of demo.faqs.entries()) topicOf.set(`faq:${position}`, faq.topic);
for (const section of demo.sections) topicOf.set(`${section.id}#0`, section.topic);
for (const document of documents) {
  if (!topicOf.has(document.id)) throw new Error(`No topic for ${document.id} (a section split?)`);
}

const settings: { name: string; options: SearchIndexOptions }[] = [
  { name: "words", options: { dropStopWords: false, bigramWeight: 0 } },
  { name: "words − stop words", options: { dropStopWords: true, bigramWeight: 0 } },
  { name: "words + pairs 0.3", options: { dropStopWords: false, bigramWeight: 0.3 } },
  { name: "words − stop + pairs 0.3", options: { dropStopWords: true, bigramWeight: 0.3 } },
  { name: "words − stop + pairs 0.1", options: { dropStopWords: true, bigramWeight: 0.1 } },
];

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)}%`;
console.log(
  `Demo Bot: ${documents.length} documents; ${questions.length} questions (${count("en")} English, ${count("th")} Thai, ${count("mixed")} mixed)\n`,
);
const rows: string[][] = [];
const results: Record<string, unknown>[] = [];
for (const { name, options } of settings) {
  const index = buildSearchIndex(documents, options);
  const byLanguage = { en: [0, 0], th: [0, 0], mixed: [0, 0] };
  let top1 = 0;
  let top3 = 0;
  for (const question of questions) {
    const topics = index
      .search(question.text, { limit: 3 })
      .map((hit) => topicOf.get(hit.id) ?? "");
    const isFirst = question.topics.includes(topics[0] ?? "");
    if (isFirst) top1++;
    if (topics.some((topic) => question.topics.includes(topic))) top3++;
    byLanguage[question.language][0]! += isFirst ? 1 : 0;
    byLanguage[question.language][1]! += 1;
  }
  results.push({
    setting: name,
    options,
    top1: top1 / questions.length,
    top3: top3 / questions.length,
  });
  rows.push([
    name,
    percent(top1, questions.length),
    percent(top3, questions.length),
    percent(byLanguage.en[0]!, byLanguage.en[1]!),
    percent(byLanguage.th[0]!, byLanguage.th[1]!),
    percent(byLanguage.mixed[0]!, byLanguage.mixed[1]!),
  ]);
}
printTable(["setting", "top-1", "top-3", "en top-1", "th top-1", "mixed top-1"], rows);

// The default setting's misses, then the local provider's threshold on its top hit's coverage.
const defaultIndex = buildSearchIndex(documents);
console.log("\nMisses (top-1) with the default setting:");
for (const question of questions) {
  const topics = defaultIndex.search(question.text, { limit: 3 }).map((hit) => topicOf.get(hit.id));
  if (!question.topics.includes(topics[0] ?? "")) {
    console.log(`  ${question.text} → ${topics.join(", ") || "nothing"}`);
  }
}
console.log(
  "\nLocal provider: answer only when the top hit covers at least this much of the question",
);
const thresholds: Record<string, unknown>[] = [];
const thresholdRows: string[][] = [];
for (const threshold of [0.3, 0.4, 0.5, 0.6, 0.7]) {
  let right = 0;
  let wrong = 0;
  for (const question of questions) {
    const hit = defaultIndex.search(question.text, { limit: 1, minCoverage: threshold })[0];
    if (!hit) continue;
    if (question.topics.includes(topicOf.get(hit.id) ?? "")) right++;
    else wrong++;
  }
  const refused = unanswerable.filter(
    (text) => defaultIndex.search(text, { limit: 1, minCoverage: threshold }).length === 0,
  ).length;
  thresholds.push({ threshold, right, wrong, refused });
  thresholdRows.push([
    threshold.toFixed(1),
    `${right}/${questions.length}`,
    String(wrong),
    `${refused}/${unanswerable.length}`,
  ]);
}
printTable(
  ["min coverage", "answered right", "answered wrong", "unanswerable refused"],
  thresholdRows,
);
console.log(
  `\nSaved ${writeResults("retrieval-quality", { documents: documents.length, questions: questions.length, results, thresholds })}`,
);

function count(language: Question["language"]) {
  return questions.filter((question) => question.language === language).length;
}
