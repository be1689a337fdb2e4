import type { ChatMessageDto } from "@jai/contracts/chat";
import type { MessageRow } from "@jai/db";

/**
 * A stored message as the customer and the API see it: no provider, model, usage or error
 * details. The team's events are never shown to them (callers leave them out); one that slips
 * through reads as a bot message without text.
 */
export function toMessageDto(
  row: Pick<MessageRow, "id" | "sender" | "content" | "media" | "status" | "createdAt">,
): ChatMessageDto {
  return {
    id: row.id,
    sender: row.sender === "event" ? "bot" : row.sender,
    content: row.sender === "event" ? "" : row.content,
    media: row.media ?? null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
