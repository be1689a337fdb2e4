/**
 * An uploaded text file's characters: UTF-8 (a byte-order mark is dropped), UTF-16 with a
 * byte-order mark, or, for the legacy
 * Thai files Windows and older Thai software still write, windows-874 (TIS-620 plus a few
 * punctuation marks). Null when it is neither, or holds NULs or other control characters a text
 * never does (a binary file renamed .txt).
 */
export function decodeTextFile(bytes: Uint8Array): string | null {
  // Windows Notepad's "Unicode" is UTF-16 with a byte-order mark (and NULs in every ASCII letter).
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? "utf-16le"
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? "utf-16be"
        : null;
  let text: string | null;
  if (utf16) {
    text = decodeStrictly(utf16, bytes);
  } else {
    if (bytes.includes(0)) return null;
    text =
      decodeStrictly("utf-8", bytes) ??
      // Every byte below 0x80 is ASCII in both: only a file with other bytes gets here.
      fromWindows874(bytes);
  }
  if (text === null || text.includes("\u0000") || hasBinaryControls(text)) return null;
  return text;
}

/** Null when a byte is undefined in windows-874 (ICU decodes those to private-use characters). */
function fromWindows874(bytes: Uint8Array): string | null {
  const text = decodeStrictly("windows-874", bytes);
  return text === null || /[\ue000-\uf8ff]/.test(text) ? null : text;
}

function decodeStrictly(encoding: string, bytes: Uint8Array): string | null {
  try {
    // A byte-order mark is dropped for the Unicode encodings only.
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: encoding === "windows-874" }).decode(
      bytes,
    );
  } catch {
    return null;
  }
}

// C0 controls other than tab, line feed, form feed and carriage return, DEL and C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const binaryControls = /[\u0001-\u0008\u000b\u000e-\u001f\u007f-\u009f]/;

function hasBinaryControls(text: string): boolean {
  return binaryControls.test(text);
}
