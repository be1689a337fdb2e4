import { Fragment, type ReactNode } from "react";
import { keepThaiWords } from "~/lib/thai-line-breaks";

/**
 * A small Markdown subset for bot replies, rendered straight to React elements: paragraphs with
 * line breaks, headings (as bold lines), bullet and numbered lists, quotes, code blocks, inline
 * code, bold, italic and links. No HTML is ever interpreted (it shows as text: React escapes
 * it) and no `dangerouslySetInnerHTML` is used; links keep only http, https and mailto URLs and
 * open in a new tab without referrer or opener.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="space-y-2 break-words [&_a]:underline [&_a]:underline-offset-2">
      {parseBlocks(text).map((block, index) => renderBlock(block, `b${index}`))}
    </div>
  );
}

export type MarkdownBlock =
  | { type: "paragraph"; lines: string[] }
  | { type: "heading"; text: string }
  | { type: "code"; text: string }
  | { type: "list"; ordered: boolean; start: number; items: string[] }
  | { type: "quote"; lines: string[] };

const fencePattern = /^ {0,3}(`{3,}|~{3,})/;
const headingPattern = /^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/;
const bulletPattern = /^ {0,3}[-*+][ \t]+(.*)$/;
const numberedPattern = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const quotePattern = /^ {0,3}>[ \t]?(.*)$/;
const rulePattern = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/** Splits a reply into blocks, line by line. An unclosed code fence (mid-stream) runs to the end. */
export function parseBlocks(text: string): MarkdownBlock[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks: MarkdownBlock[] = [];
  let current: MarkdownBlock | undefined;
  const close = () => {
    if (current) blocks.push(current);
    current = undefined;
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const fence = fencePattern.exec(line);
    if (fence) {
      close();
      const marker = fence[1]!;
      const code: string[] = [];
      index++;
      while (index < lines.length && !lines[index]!.trimStart().startsWith(marker)) {
        code.push(lines[index]!);
        index++;
      }
      blocks.push({ type: "code", text: code.join("\n") });
      continue;
    }
    if (line.trim() === "") {
      close();
      continue;
    }
    if (rulePattern.test(line)) {
      close();
      continue;
    }
    const heading = headingPattern.exec(line);
    if (heading) {
      close();
      blocks.push({ type: "heading", text: heading[1]! });
      continue;
    }
    const bullet = bulletPattern.exec(line);
    const numbered = bullet ? null : numberedPattern.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      const item = (bullet ? bullet[1] : numbered![2])!;
      if (current?.type === "list" && current.ordered === ordered) {
        current.items.push(item);
      } else {
        close();
        current = {
          type: "list",
          ordered,
          start: numbered ? Number(numbered[1]) : 1,
          items: [item],
        };
      }
      continue;
    }
    const quote = quotePattern.exec(line);
    if (quote) {
      if (current?.type !== "quote") {
        close();
        current = { type: "quote", lines: [] };
      }
      current.lines.push(quote[1]!);
      continue;
    }
    if (current?.type === "list") {
      // A line under a list item continues it.
      const last = current.items.length - 1;
      current.items[last] = `${current.items[last]} ${line.trim()}`;
      continue;
    }
    if (current?.type !== "paragraph") {
      close();
      current = { type: "paragraph", lines: [] };
    }
    current.lines.push(line);
  }
  close();
  return blocks;
}

function renderBlock(block: MarkdownBlock, key: string): ReactNode {
  switch (block.type) {
    case "paragraph":
      return <p key={key}>{renderLines(block.lines, key)}</p>;
    case "heading":
      return (
        <p key={key} className="font-semibold">
          {renderInline(block.text, key)}
        </p>
      );
    case "code":
      return (
        <pre
          key={key}
          className="overflow-x-auto whitespace-pre rounded-md bg-foreground/5 p-3 font-mono text-[0.8125rem] leading-relaxed"
        >
          <code>{block.text}</code>
        </pre>
      );
    case "list": {
      const items = block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parsed text has no ids; position is identity
        <li key={`${key}i${index}`}>{renderInline(item, `${key}i${index}`)}</li>
      ));
      return block.ordered ? (
        <ol
          key={key}
          start={block.start === 1 ? undefined : block.start}
          className="list-decimal space-y-1 pl-5"
        >
          {items}
        </ol>
      ) : (
        <ul key={key} className="list-disc space-y-1 pl-5">
          {items}
        </ul>
      );
    }
    case "quote":
      return (
        <blockquote key={key} className="border-current/30 border-l-2 pl-3 opacity-90">
          {renderLines(block.lines, key)}
        </blockquote>
      );
  }
}

function renderLines(lines: string[], key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  lines.forEach((line, index) => {
    // biome-ignore lint/suspicious/noArrayIndexKey: parsed text has no ids; position is identity
    if (index > 0) nodes.push(<br key={`${key}br${index}`} />);
    nodes.push(...renderInline(line, `${key}l${index}`));
  });
  return nodes;
}

// One alternative per inline form, tried left to right at each position (bold before italic).
// Each runs within one line, which keeps the lazy patterns cheap on long replies.
const inlinePattern = new RegExp(
  [
    // 1, 2: `code`
    "(`+)([^`]|[^`].*?[^`])\\1(?!`)",
    // 3: **bold**   4: __bold__
    "\\*\\*(?=\\S)(.*?\\S)\\*\\*",
    "(?<![\\p{L}\\p{N}_])__(?=\\S)(.*?\\S)__(?![\\p{L}\\p{N}_])",
    // 5: *italic*   6: _italic_ (not inside snake_case words)
    "\\*(?=[^\\s*])(.*?[^\\s*])\\*",
    "(?<![\\p{L}\\p{N}_])_(?=[^\\s_])(.*?[^\\s_])_(?![\\p{L}\\p{N}_])",
    // 7, 8: [label](url "title")
    '\\[([^\\]]+)\\]\\(\\s*<?([^\\s<>()]*(?:\\([^\\s<>()]*\\)[^\\s<>()]*)*)>?(?:\\s+"[^"]*")?\\s*\\)',
    // 9: <https://…>
    "<((?:https?://|mailto:)[^\\s<>]+)>",
    // 10: a bare URL (trailing punctuation stays outside)
    "(?<![\\p{L}\\p{N}/])(https?://[^\\s<>]*[^\\s<>.,:;\"')\\]!?*_])",
  ].join("|"),
  "gu",
);

/** The inline elements of one line; text stays text (React escapes it). */
export function renderInline(text: string, key: string, allowLinks = true): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let count = 0;
  for (const match of text.matchAll(inlinePattern)) {
    const start = match.index ?? 0;
    if (start > last) nodes.push(plain(text.slice(last, start), `${key}t${count}`));
    last = start + match[0].length;
    const id = `${key}n${count++}`;
    const [, , code, bold, boldAlt, italic, italicAlt, label, href, angled, bare] = match;
    if (code !== undefined) {
      nodes.push(
        <code key={id} className="rounded bg-foreground/10 px-1 py-0.5 font-mono text-[0.875em]">
          {code}
        </code>,
      );
    } else if (bold !== undefined || boldAlt !== undefined) {
      nodes.push(
        <strong key={id} className="font-semibold">
          {renderInline((bold ?? boldAlt)!, id, allowLinks)}
        </strong>,
      );
    } else if (italic !== undefined || italicAlt !== undefined) {
      nodes.push(<em key={id}>{renderInline((italic ?? italicAlt)!, id, allowLinks)}</em>);
    } else if (label !== undefined) {
      const safe = allowLinks ? toSafeHref(href ?? "") : undefined;
      const content = renderInline(label, id, false);
      nodes.push(safe ? externalLink(safe, content, id) : <span key={id}>{content}</span>);
    } else {
      const url = (angled ?? bare)!;
      const safe = allowLinks ? toSafeHref(url) : undefined;
      nodes.push(safe ? externalLink(safe, url, id) : url);
    }
  }
  if (last < text.length) nodes.push(plain(text.slice(last), `${key}t${count}`));
  return nodes;
}

/** Plain text, with the words browsers split in Thai kept whole (เจ้า|หน้าที่, แช|ทบอท). */
function plain(text: string, key: string): ReactNode {
  const kept = keepThaiWords(text);
  return typeof kept === "string" ? kept : <Fragment key={key}>{kept}</Fragment>;
}

function externalLink(href: string, content: ReactNode, key: string) {
  return (
    <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {content}
    </a>
  );
}

const allowedProtocols = new Set(["http:", "https:", "mailto:"]);

/**
 * The URL to link to, or undefined when it must not be a link: anything but an absolute http,
 * https or mailto URL (javascript:, data:, vbscript:, relative paths …), and anything with
 * spaces or control characters, which browsers strip and could hide a scheme behind.
 */
export function toSafeHref(raw: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects
  if (raw === "" || /[\u0000-\u0020\u007f-\u009f]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (!allowedProtocols.has(url.protocol)) return undefined;
  if (url.protocol !== "mailto:" && url.hostname === "") return undefined;
  return url.href;
}
