/**
 * Retrieval speed over 10,000 chunks of mixed Thai / English text: index build time (word
 * segmentation included), size and load time of the serialised index, and query time p50 / p95
 * (target p95 ≤ 5 ms).
 *
 *   npx tsx bench/retrieval.ts [--chunks=10000] [--queries=500]
 *
 * The text is generated from the words of the Demo Bot's knowledge (Thai phrases without inner
 * spaces, English sentences, numbers with Thai or Arabic digits), about 400 characters a chunk,
 * so the vocabulary is realistic for a business bot; queries are Thai, English and mixed.
 * Prints figures, asserts nothing.
 */
import {
  buildSearchIndex,
  createDemoBot,
  type IndexDocument,
  loadSearchIndex,
  segmentWords,
} from "../packages/engine/src/index.ts";
import { seededRandom } from "../packages/engine/src/providers/seeded-random.ts";
import { mark, ms, percentile, printTable, writeResults } from "./engine-bench-kit.ts";

const numberArgument = (name: string, fallback: number) => {
  const argument = process.argv.find((value) => value.startsWith(`--${name}=`));
  return argument ? Number(argument.split("=")[1]) : fallback;
};
const chunkCount = numberArgument("chunks", 10_000);
const queryCount = numberArgument("queries", 500);

// Vocabulary: the Demo Bot's words, split into Thai and English.
const demo = createDemoBot("Jai");
const allText = [
  ...demo.sections.map((section) => section.text),
  ...demo.faqs.map((faq) => `${faq.question} ${faq.answer}`),
].join(" ");
const words = [...new Set(segmentWords(allText))];
const thai = words.filter((word) => /[\u0E00-\u0E7F]/.test(word));
const english = words.filter((word) => /^[a-z]+$/.test(word));
const extraThai =
  "ร้านค้า สินค้า จัดส่ง ภายใน วัน ทำการ สอบถาม ข้อมูล เพิ่มเติม ติดต่อ บริการ รับประกัน คุณภาพ โปรโมชั่น สมาชิก ส่วนลด ชำระ โอน บัตร เครดิต ที่อยู่ เบอร์โทร เวลา เปิด ปิด".split(
    " ",
  );
thai.push(...extraThai);
const random = seededRandom(2025);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const thaiDigits = (text: string) =>
  text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0e50 + Number(digit)));

function generateChunk(): string {
  const parts: string[] = [];
  let length = 0;
  const target = 300 + Math.floor(random() * 200);
  while (length < target) {
    const kind = random();
    let part: string;
    if (kind < 0.55)
      part = Array.from({ length: 2 + Math.floor(random() * 6) }, () => pick(thai)).join("");
    else if (kind < 0.9)
      part = Array.from({ length: 3 + Math.floor(random() * 8) }, () => pick(english)).join(" ");
    else {
      const number = String(Math.floor(random() * 20_000)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
      part = random() < 0.3 ? thaiDigits(number) : number;
    }
    parts.push(part);
    length += part.length + 1;
  }
  return parts.join(" ");
}

const documents: IndexDocument[] = Array.from({ length: chunkCount }, (_, i) => ({
  id: `chunk-${i}`,
  kind: i % 20 === 0 ? "faq" : "knowledge",
  title: i % 20 === 0 ? Array.from({ length: 4 }, () => pick(thai)).join("") : undefined,
  text: generateChunk(),
  source: `doc-${Math.floor(i / 50)}.md`,
}));
const characters = documents.reduce((sum, document) => sum + document.text.length, 0);

const queries = Array.from({ length: queryCount }, (_, i) => {
  if (i % 3 === 0) return `${Array.from({ length: 3 }, () => pick(thai)).join("")}ไหมคะ`;
  if (i % 3 === 1) return `How much is the ${pick(english)} ${pick(english)} ${pick(english)}?`;
  return `${pick(english)} ${pick(thai)}${pick(thai)} ${pick(english)} เท่าไหร่`;
});

console.log(
  `Retrieval: ${chunkCount.toLocaleString("en")} chunks (${(characters / 1e6).toFixed(1)} M characters, ${thai.length} Thai and ${english.length} English words), ${queryCount} queries\n`,
);

const builds: { name: string; options: Parameters<typeof buildSearchIndex>[1] }[] = [
  { name: "default (words − stop words)", options: {} },
  { name: "with Thai character pairs", options: { bigramWeight: 0.3 } },
];
const rows: string[][] = [];
const results: Record<string, unknown>[] = [];
for (const { name, options } of builds) {
  const buildStarted = performance.now();
  const index = buildSearchIndex(documents, options);
  const buildMs = performance.now() - buildStarted;
  const json = JSON.stringify(index.toJSON());
  const loadStarted = performance.now();
  const loaded = loadSearchIndex(JSON.parse(json));
  const loadMs = performance.now() - loadStarted;

  for (const query of queries.slice(0, 50)) loaded.search(query); // warm-up
  const times: number[] = [];
  let hits = 0;
  for (const query of queries) {
    const started = performance.now();
    hits += loaded.search(query, { limit: 8 }).length;
    times.push(performance.now() - started);
  }
  const figures = {
    name,
    buildMs,
    serializedBytes: Buffer.byteLength(json),
    loadMs,
    query: { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) },
    averageHits: hits / queries.length,
  };
  results.push(figures);
  rows.push([
    name,
    `${(buildMs / 1000).toFixed(2)} s`,
    `${(figures.serializedBytes / 1024 / 1024).toFixed(1)} MiB`,
    `${ms(loadMs)} ms`,
    ms(figures.query.p50),
    ms(figures.query.p95),
    ms(figures.query.p99),
    mark(figures.query.p95 <= 5),
  ]);
}
printTable(
  ["index", "build", "JSON", "load", "query p50", "query p95", "query p99", "p95≤5 ms"],
  rows,
);
console.log("\nQuery times in ms, one query at a time (segmenting the query included), limit 8.");
console.log(`\nSaved ${writeResults("retrieval", { chunks: chunkCount, characters, results })}`);
