/**
 * Rows of a CSV text (RFC 4180): fields separated by commas, optionally in double quotes, where
 * a quoted field may hold commas, line breaks and doubled quotes (`""`). Lines end in LF or
 * CRLF; a byte-order mark and a trailing line break are ignored. Lenient like spreadsheet
 * programs: a quote inside an unquoted field is kept as is, an unclosed quote runs to the end.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let isQuoted = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };

  while (index < text.length) {
    const char = text[index]!;
    if (isQuoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        isQuoted = false;
      } else {
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field === "") {
      isQuoted = true;
    } else if (char === ",") {
      endField();
    } else if (char === "\n" || char === "\r") {
      endRow();
      if (char === "\r" && text[index + 1] === "\n") index += 1;
    } else {
      field += char;
    }
    index += 1;
  }
  if (field !== "" || row.length > 0 || isQuoted) endRow();
  return rows;
}

/**
 * One passage per data row of a CSV whose first row names the columns, as
 * "Header: value; Header: value" (empty cells left out, a nameless column called
 * "Column <n>"), so every passage says what its values are. Blank rows give none.
 */
export function csvToPassages(text: string): string[] {
  const [header = [], ...rows] = parseCsv(text);
  const names = header.map((name) => collapse(name));
  const passages: string[] = [];
  for (const row of rows) {
    const parts: string[] = [];
    row.forEach((cell, column) => {
      const value = collapse(cell);
      if (!value) return;
      const name = names[column] || `Column ${column + 1}`;
      parts.push(`${name}: ${value}`);
    });
    if (parts.length > 0) passages.push(parts.join("; "));
  }
  // A single-row file is a list of values, not a header.
  if (rows.length === 0 && names.some(Boolean)) passages.push(names.filter(Boolean).join("; "));
  return passages;
}

const collapse = (value: string) => value.replace(/\s+/g, " ").trim();
