import type { CannedReplyDto } from "@jai/contracts/inbox";

/** How many canned replies the "/" list shows at once. */
export const cannedShown = 8;

/**
 * The "/" query in the composer: the text after a leading "/" while it is one word ("/ship" →
 * "ship"); null when the text is anything else (the list closes).
 */
export function cannedQuery(text: string): string | null {
  const match = /^\/([^\s/]*)$/u.exec(text);
  return match ? match[1]!.toLocaleLowerCase() : null;
}

/** Replies whose shortcut starts with the query first, then those containing it, A to Z. */
export function matchCanned(replies: CannedReplyDto[], query: string): CannedReplyDto[] {
  const byShortcut = (a: CannedReplyDto, b: CannedReplyDto) => a.shortcut.localeCompare(b.shortcut);
  const lower = (reply: CannedReplyDto) => reply.shortcut.toLocaleLowerCase();
  const starts = replies.filter((reply) => lower(reply).startsWith(query)).sort(byShortcut);
  const contains = replies
    .filter((reply) => !lower(reply).startsWith(query) && lower(reply).includes(query))
    .sort(byShortcut);
  return [...starts, ...contains].slice(0, cannedShown);
}
