import { identityExternalId } from "../widget/index";

/**
 * The public API, `/api/v1`: an owner's own software chats on the open request (JSON, or SSE
 * with `Accept: text/event-stream`, formatted like the hosted page: see ../web). The contact is
 * the integrator's own id for their user when they send one (`contact.id`), else one contact per
 * API key.
 */
export function apiExternalId(keyId: string, contactId?: string | null): string {
  return contactId ? identityExternalId(contactId) : `key:${keyId}`;
}

export const apiChannel = { channel: "api" } as const;
