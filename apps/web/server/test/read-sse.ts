export type SseMessage = { event: string; data: unknown };

/** Reads a whole Server-Sent Events body into its events (tests). */
export async function readSse(response: Response): Promise<SseMessage[]> {
  return parseSse(await response.text());
}

export function parseSse(text: string): SseMessage[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) event = line.slice(7);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      return { event, data: JSON.parse(data.join("\n")) as unknown };
    });
}
