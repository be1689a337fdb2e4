import type { ConversationChannel } from "@jai/contracts/channels";

/** What a person sent, whatever the channel. */
export type InboundContent = {
  /** The text; a sticker arrives as its description ("[sticker: thumbs up]"). */
  text: string;
  /** A `data:image/…;base64,…` URL (browsers), or the channel's id for an image to fetch. */
  image?: string | null;
  location?: { latitude: number; longitude: number; title?: string | null } | null;
};

/** Who sent it, as the channel knows them. */
export type InboundSender = {
  /** The channel's id for the person (already hashed for anonymous browsers). */
  externalId: string;
  displayName?: string | null;
  email?: string | null;
  avatarUrl?: string | null;
  language?: string | null;
};

/** A channel's event in neutral form. */
export type InboundEvent =
  | {
      type: "message";
      channel: ConversationChannel;
      /** The channel's id for the event: a redelivered event is recognised by it. */
      eventId?: string;
      sender: InboundSender;
      content: InboundContent;
      /** The conversation to continue, for channels where the client names it. */
      conversationId?: string | null;
      /** The page's language, for browsers ("en", "th-TH"). */
      language?: string | null;
      /** For replying on channels that hand one out (LINE's reply token). */
      replyToken?: string;
      receivedAt?: string;
    }
  | {
      /** Someone started following / unblocked (LINE follow, Messenger opt-in). */
      type: "follow" | "unfollow";
      channel: ConversationChannel;
      eventId?: string;
      sender: InboundSender;
    };

/** What the bot sends, whatever the channel. */
export type OutboundMessage = {
  text: string;
  /** Short answers offered as buttons, where the channel has them. */
  quickReplies?: string[];
};

/** The HTTP client an adapter sends through: tests point `baseUrl` at a local fake. */
export type HttpClient = {
  baseUrl: string;
  fetch: typeof fetch;
  /** Per request, milliseconds (10 s unless set). */
  timeoutMs?: number;
};

/** How a send went: delivered, or failed with whether trying again may help. */
export type SendResult =
  | { ok: true; statusCode: number }
  | {
      ok: false;
      retryable: boolean;
      /** A short, secret-free description for the delivery log. */
      error: string;
      statusCode?: number;
      /** The receiver's `Retry-After`, in seconds. */
      retryAfterSeconds?: number;
    };

/** A request as a webhook receiver sees it: what verification needs. */
export type RawRequest = {
  headers: Headers;
  /** The exact bytes received: signatures are computed over them. */
  rawBody: Uint8Array;
};

/**
 * One channel. Live-stream channels (web, widget, api) only parse and format; channels that
 * are not a live stream (LINE, Messenger …) also verify webhooks and send.
 */
export type ChannelAdapter<Config = unknown, Wire = unknown> = {
  channel: ConversationChannel;
  /** Whether a webhook request really comes from the platform (its signature). */
  verify?(request: RawRequest, config: Config): boolean | Promise<boolean>;
  /** The request's events in neutral form; throws ChannelInputError on a malformed body. */
  parse(body: unknown, config: Config): InboundEvent[];
  /** A neutral message as the channel's wire payload(s). */
  format(message: OutboundMessage, config: Config): Wire[];
  /** Sends formatted payloads to a recipient. */
  send?(
    http: HttpClient,
    recipient: { externalId: string; replyToken?: string },
    payloads: Wire[],
    config: Config,
    signal?: AbortSignal,
  ): Promise<SendResult>;
};

/** A body the channel's format does not allow; `fields` name what is wrong. */
export class ChannelInputError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ChannelInputError";
  }
}
