/**
 * The one format of a contact's memory, whoever writes it (the rules, a model, the owner): a few
 * bullet lines "- Label: value", at most `memoryMaxChars` characters. List kinds hold several
 * values, newest first, separated by "; ".
 */

/** Longest memory kept, in characters (the console's limit too: `consoleLimits.contactMemory`). */
export const memoryMaxChars = 600;

/** One message of a transcript as the summarisers read it. */
export type MemoryTurn = { role: "user" | "assistant"; content: string };

/** Kinds with one value: a newer one replaces the older. */
const singleKinds = ["name", "language", "phone", "email"] as const;
/** Kinds with a few values, newest first: the oldest go first when the memory is too long. */
const listKinds = ["preferences", "allergies", "orders"] as const;

export type SingleFactKind = (typeof singleKinds)[number];
export type ListFactKind = (typeof listKinds)[number];

export type MemoryFacts = {
  single: Partial<Record<SingleFactKind, string>>;
  lists: Record<ListFactKind, string[]>;
  /** Lines of another shape (an owner's own notes): kept as written, after the facts. */
  notes: string[];
};

const labels: Record<SingleFactKind | ListFactKind, string> = {
  name: "Name",
  language: "Language",
  phone: "Phone",
  email: "Email",
  preferences: "Preferences",
  allergies: "Allergies",
  orders: "Orders",
};

/** Values kept per list kind (fewer when the memory would be too long). */
const listMax: Record<ListFactKind, number> = { preferences: 5, allergies: 3, orders: 3 };

/** Longest single value, in characters. */
const valueMaxChars = 80;

export function emptyFacts(): MemoryFacts {
  return { single: {}, lists: { preferences: [], allergies: [], orders: [] }, notes: [] };
}

/** Reads a stored memory back into facts; lines it does not recognise become notes. */
export function parseMemory(text: string | null | undefined): MemoryFacts {
  const facts = emptyFacts();
  for (const raw of (text ?? "").split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^[-•*]\s*([A-Za-z ]{2,20}):\s*(.+)$/.exec(line);
    const kind = match ? kindOfLabel(match[1]!) : undefined;
    if (!match || !kind) {
      facts.notes.push(line.replace(/^[-•*]\s*/, ""));
      continue;
    }
    const value = match[2]!.trim();
    if (isListKind(kind)) {
      facts.lists[kind] = value
        .split(";")
        .map((item) => item.trim())
        .filter(Boolean);
    } else {
      facts.single[kind] = value;
    }
  }
  return facts;
}

/**
 * `newer` over `older`: single values replace, list values go first (an equal one moves up),
 * notes are kept. Neither argument changes.
 */
export function mergeFacts(older: MemoryFacts, newer: MemoryFacts): MemoryFacts {
  const merged = emptyFacts();
  merged.single = { ...older.single, ...newer.single };
  for (const kind of listKinds) {
    const seen = new Set<string>();
    merged.lists[kind] = [...newer.lists[kind], ...older.lists[kind]].filter((item) => {
      const key = item.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  merged.notes = [...older.notes, ...newer.notes.filter((note) => !older.notes.includes(note))];
  return merged;
}

/**
 * The facts as memory text within `maxChars`: the oldest list values, then the last notes go
 * first; a line that still does not fit is cut. Null when there is nothing.
 */
export function formatMemory(facts: MemoryFacts, maxChars = memoryMaxChars): string | null {
  const lists = Object.fromEntries(
    listKinds.map((kind) => [kind, facts.lists[kind].map(cleanValue).filter(Boolean)]),
  ) as Record<ListFactKind, string[]>;
  for (const kind of listKinds) lists[kind] = lists[kind].slice(0, listMax[kind]);
  const notes = facts.notes.map(cleanNote).filter(Boolean);

  const render = () => {
    const lines: string[] = [];
    for (const kind of singleKinds) {
      const value = cleanValue(facts.single[kind] ?? "");
      if (value) lines.push(`- ${labels[kind]}: ${value}`);
    }
    for (const kind of listKinds) {
      if (lists[kind].length > 0) lines.push(`- ${labels[kind]}: ${lists[kind].join("; ")}`);
    }
    for (const note of notes) lines.push(`- ${note}`);
    return lines.join("\n");
  };

  let text = render();
  while (text.length > maxChars) {
    const longest = [...listKinds]
      .filter((kind) => lists[kind].length > 1)
      .sort((a, b) => lists[b].join("; ").length - lists[a].join("; ").length)[0];
    if (longest) lists[longest].pop();
    else if (notes.length > 0) notes.pop();
    else break;
    text = render();
  }
  if (text.length > maxChars) text = `${text.slice(0, maxChars - 1).trimEnd()}…`;
  return text || null;
}

function kindOfLabel(label: string): SingleFactKind | ListFactKind | undefined {
  const key = label.trim().toLowerCase();
  const aliases: Record<string, SingleFactKind | ListFactKind> = {
    prefers: "preferences",
    preference: "preferences",
    allergy: "allergies",
    order: "orders",
    "orders and bookings": "orders",
    bookings: "orders",
  };
  if (aliases[key]) return aliases[key];
  return (Object.keys(labels) as (SingleFactKind | ListFactKind)[]).find((kind) => kind === key);
}

function isListKind(kind: string): kind is ListFactKind {
  return (listKinds as readonly string[]).includes(kind);
}

/** One value on one line: no separators of the format, no control characters, bounded. */
function cleanValue(value: string): string {
  const text = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .replace(/[\u0000-\u001F\u007F]+/g, " ")
    .replace(/;/g, ",")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > valueMaxChars ? `${text.slice(0, valueMaxChars - 1).trimEnd()}…` : text;
}

function cleanNote(note: string): string {
  return (
    note
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u001F\u007F]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}
