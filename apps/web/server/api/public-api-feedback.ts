import {
  analyticsLimits,
  CsatInputSchema,
  FeedbackInputSchema,
  feedbackRatings,
} from "@jai/contracts/analytics";
import { ApiErrorSchema } from "@jai/contracts/public-api";
import { z } from "@jai/contracts/zod";
import { readJsonBody } from "../http/json-body";
import type { PublicRoute } from "./public-api";

// The route table's own helpers live in public-api.ts, which imports this file: values from it
// are not ready while this table is built, so the two small ones are repeated here.
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const errorDescriptions: Record<number, string> = {
  400: "The body is not JSON (or not a JSON object).",
  401: "No API key, or a revoked or unknown one.",
  404: "No such resource among the key owner's (someone else's answers the same).",
  409: "Already answered: a conversation's satisfaction score is given once.",
  413: "The body is larger than the route allows.",
  415: "The body is not of the route's content type.",
  422: "A field is invalid: `error.fields` says which and why.",
  429: "Too many requests for this key: wait `Retry-After` seconds.",
};
const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [String(status), json(ApiErrorSchema, errorDescriptions[status]!)]),
  );

const conversationParam = z.object({
  conversationId: z.uuid().meta({ description: "The conversation's id." }),
});

const FeedbackRequestSchema = FeedbackInputSchema.meta({
  id: "FeedbackInput",
  description: `A thumbs on one of the bot's replies: \`rating\` \`up\` or \`down\` (null takes it back), with an optional \`reason\` (thumbs down, at most ${analyticsLimits.feedbackReason} characters).`,
});
const FeedbackResponseSchema = z
  .object({
    messageId: z.uuid(),
    rating: z.enum(feedbackRatings).nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: "Feedback" });
const CsatRequestSchema = CsatInputSchema.meta({
  id: "CsatInput",
  description: "A satisfaction score: 1 (very unhappy) to 5 (very happy).",
});
const CsatResponseSchema = z
  .object({
    requestedAt: z.string().nullable().meta({ description: "When the question was asked." }),
    score: z.number().int().nullable(),
    answeredAt: z.string().nullable(),
  })
  .meta({ id: "Csat" });

/**
 * The public API's feedback routes (`/api/v1/…`): a thumbs on a bot reply, a CSAT answer, for
 * any conversation of the key owner's bots (the owner's software answers for its users).
 */
export const publicFeedbackRoutes: PublicRoute[] = [
  {
    method: "post",
    path: "/conversations/{conversationId}/feedback",
    bodyBytes: 4096,
    operation: {
      tags: ["Conversations"],
      summary: "Rate one of the bot's replies",
      description:
        "Stores a thumbs up or down on a completed bot reply of the conversation (one per reply: " +
        "a new vote replaces it, `rating: null` takes it back). The inbox shows it, and your " +
        "`feedback.created` webhooks hear of it; a thumbs down hands the conversation to a person " +
        "when the bot's handoff settings say so. A message that is not a completed bot reply of " +
        "this conversation answers 404.",
      requestParams: { path: conversationParam },
      requestBody: { content: { "application/json": { schema: FeedbackRequestSchema } } },
      responses: {
        "200": json(FeedbackResponseSchema, "The reply's feedback as stored."),
        ...errors(400, 401, 404, 413, 415, 422, 429),
      },
    },
    async handle(c, services) {
      return c.json(
        await services.feedback.recordAsOwner(
          c.get("apiOwnerId"),
          c.req.param("conversationId") ?? "",
          await readJsonBody(c),
        ),
      );
    },
  },
  {
    method: "post",
    path: "/conversations/{conversationId}/csat",
    bodyBytes: 1024,
    operation: {
      tags: ["Conversations"],
      summary: "Record the customer's satisfaction score",
      description:
        "Stores the conversation's satisfaction score (CSAT, 1–5), once; the inbox and the " +
        "dashboard show it and your `feedback.created` webhooks hear of it (kind `csat`).",
      requestParams: { path: conversationParam },
      requestBody: { content: { "application/json": { schema: CsatRequestSchema } } },
      responses: {
        "200": json(CsatResponseSchema, "The conversation's score as stored."),
        ...errors(400, 401, 404, 409, 413, 415, 422, 429),
      },
    },
    async handle(c, services) {
      return c.json(
        await services.feedback.csatAsOwner(
          c.get("apiOwnerId"),
          c.req.param("conversationId") ?? "",
          await readJsonBody(c),
        ),
      );
    },
  },
];
