import type { ChatMessageDto } from "@jai/contracts/chat";
import type { MessageRow } from "@jai/db";

/** A stored message as the API shows it: no provider, model, usage or error details. */
export function toMessageDto(
  row: Pick<MessageRow, "id" | "sender" | "content" | "media" | "status" | "createdAt">,
): ChatMessageDto {
  return {
    id: row.id,
    sender: row.sender,
    content: row.content,
    media: row.media ?? null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
