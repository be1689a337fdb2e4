/** An RFC 5322 message reduced to what tests look at. */
export type ParsedEmail = {
  /** Header name (lower case) → decoded values, in order. */
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  /** The decoded plain-text body (single-part messages, as ours are). */
  text: string;
};

/**
 * A small parser for the messages nodemailer writes: unfolds headers, decodes RFC 2047 words
 * (B and Q, UTF-8) and the body's transfer encoding (quoted-printable, base64, 7bit / 8bit).
 * Enough for tests; no mail client logic.
 */
export function parseEmail(raw: string): ParsedEmail {
  const normalized = raw.replace(/\r\n/g, "\n");
  const split = normalized.indexOf("\n\n");
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const body = split === -1 ? "" : normalized.slice(split + 2);
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeWords(line.slice(colon + 1).trim());
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  const encoding = headers.get("content-transfer-encoding")?.[0]?.toLowerCase() ?? "7bit";
  const charsetBody =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : body;
  return {
    headers,
    header: (name) => headers.get(name.toLowerCase())?.[0],
    text: charsetBody,
  };
}

function decodeQuotedPrintable(text: string): string {
  const softBreaksRemoved = text.replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < softBreaksRemoved.length; index++) {
    const char = softBreaksRemoved[index]!;
    if (char === "=" && /^[0-9A-F]{2}$/i.test(softBreaksRemoved.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(softBreaksRemoved.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
