import { consoleLimits, type KnowledgeSourceKindId } from "@jai/contracts/console";
import { chunkText, segmentWords } from "@jai/engine";
import { getDocumentProxy } from "unpdf";
import type { KnowledgeChunkDraft } from "../../bots/build-knowledge-chunks";
import { formatFaqChunk } from "../../bots/faq-chunk";
import { decodeTextFile } from "./decode-text-file";
import { extensionOf } from "./detect-knowledge-file";
import { IngestionError } from "./ingestion-error";
import { csvToPassages } from "./parse-csv";
import { splitIntoBlocks } from "./split-into-blocks";
import { stripMarkdown } from "./strip-markdown";
import { unpackDocx } from "./unpack-docx";

export type KnowledgeContent = {
  kind: KnowledgeSourceKindId;
  /** For files: the extension decides how it is read. */
  fileName: string | null;
  /** What was submitted: pasted text or FAQs (JSON) as UTF-8, or a file's bytes. */
  data: Uint8Array;
};

/** FAQs as a source of kind "faq" stores them. */
export type StoredFaq = { question: string; answer: string };

/**
 * A source's passages, ready to store: its text extracted (PDF, DOCX, CSV, Markdown, plain text)
 * and cut by the engine's Thai-aware chunker; FAQs one pair per passage; a CSV one row per
 * passage ("Header: value; …"). Throws IngestionError for what can never work (no text, a
 * corrupt file, more than `consoleLimits.knowledgeExtractedChars`, a DOCX that unpacks too large,
 * a PDF of too many pages), anything else for a retry. CPU and memory hungry on hostile files:
 * the server calls it through the extraction pool (a worker thread), never on its event loop.
 */
export async function extractKnowledge(content: KnowledgeContent): Promise<KnowledgeChunkDraft[]> {
  if (content.kind === "faq") {
    const faqs = JSON.parse(new TextDecoder().decode(content.data)) as StoredFaq[];
    return toDrafts(faqs.map((faq) => formatFaqChunk(faq.question, faq.answer)));
  }
  if (content.kind === "text") {
    return chunkPieces([checked(new TextDecoder().decode(content.data))]);
  }

  const extension = extensionOf(content.fileName ?? "");
  switch (extension) {
    case "pdf":
      return chunkPieces([await extractPdfText(content.data)]);
    case "docx":
      return chunkPieces([checked(await extractDocxText(content.data))]);
    case "txt":
      return chunkPieces([checked(decodeOrFail(content.data))]);
    case "md":
      return chunkPieces([checked(stripMarkdown(decodeOrFail(content.data)))]);
    case "csv":
      // The file's own text counts, not the column names repeated in every row's passage.
      // A row stays one passage unless it is very long.
      return chunkPieces(csvToPassages(checked(decodeOrFail(content.data))));
    default:
      throw new IngestionError("unsupported");
  }
}

function decodeOrFail(bytes: Uint8Array): string {
  const text = decodeTextFile(bytes);
  if (text === null) throw new IngestionError("corrupt_file");
  return text;
}

function checkLength(characters: number): void {
  if (characters > consoleLimits.knowledgeExtractedChars) throw new IngestionError("too_much_text");
}

function checked(text: string): string {
  checkLength(text.length);
  return text;
}

/**
 * Chunks each piece on its own (a CSV row stays one passage unless it is very long), a long
 * one block by block (see split-into-blocks.ts), yielding to other work between blocks (the
 * bench's in-process comparison runs it on an event loop). The text's length was checked by the
 * caller.
 */
async function chunkPieces(pieces: readonly string[]): Promise<KnowledgeChunkDraft[]> {
  const texts: string[] = [];
  let sinceYield = 0;
  for (const piece of pieces) {
    for (const block of splitIntoBlocks(withoutControls(piece))) {
      for (const chunk of chunkText(block)) texts.push(chunk.text);
      sinceYield += block.length;
      if (sinceYield >= 16_000) {
        sinceYield = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
  return toDrafts(texts);
}

// PDF text may carry NULs and other controls (PostgreSQL refuses NUL in text): they go.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const controls = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g;
const withoutControls = (text: string) => text.replace(controls, " ");

function toDrafts(texts: readonly string[]): KnowledgeChunkDraft[] {
  if (texts.length === 0) throw new IngestionError("no_text");
  return texts.map((text, ordinal) => ({ ordinal, text, wordCount: segmentWords(text).length }));
}

async function extractPdfText(bytes: Uint8Array): Promise<string> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // PDF.js takes the buffer over: give it a copy.
    document = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    // An encrypted PDF needs a password we do not have.
    if (name === "PasswordException") throw new IngestionError("unsupported", { cause: error });
    throw new IngestionError("corrupt_file", { cause: error });
  }
  try {
    const pages: string[] = [];
    let characters = 0;
    // The page count comes from the page tree's root: known before any page is read.
    if (document.numPages > consoleLimits.knowledgePdfPages) {
      throw new IngestionError("too_many_pages");
    }
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        text += item.str;
        if (item.hasEOL) text += "\n";
      }
      page.cleanup();
      characters += text.length;
      // Stop reading early: a huge PDF must not hold the worker.
      checkLength(characters);
      pages.push(text.trim());
    }
    const text = pages.filter(Boolean).join("\n\n");
    // Only images (a scan) or only whitespace: nothing to search.
    if (!/[\p{L}\p{N}]/u.test(text)) throw new IngestionError("no_text");
    return text;
  } catch (error) {
    if (error instanceof IngestionError) throw error;
    throw new IngestionError("corrupt_file", { cause: error });
  } finally {
    await document.loadingTask.destroy();
  }
}

async function extractDocxText(bytes: Uint8Array): Promise<string> {
  // Its text parts only, unpacked under limits (a zip bomb stops here, before mammoth).
  const parts = unpackDocx(bytes);
  let text: string;
  // Loaded with the first DOCX, not with the server.
  const { default: mammoth } = await import("mammoth");
  try {
    const result = await mammoth.extractRawText({
      buffer: Buffer.from(parts.buffer, parts.byteOffset, parts.length),
    });
    text = result.value;
  } catch (error) {
    throw new IngestionError("corrupt_file", { cause: error });
  }
  if (!/[\p{L}\p{N}]/u.test(text)) throw new IngestionError("no_text");
  return text;
}
