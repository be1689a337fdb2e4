import { brand } from "@jai/contracts";
import { ApiErrorSchema, publicApiLimits } from "@jai/contracts/public-api";
import { createDocument } from "zod-openapi";
import { publicApiPaths } from "./public-api";

/**
 * The OpenAPI 3.1 document of `/api/v1`, generated with zod-openapi from the same zod schemas
 * the routes validate with (packages/contracts/src/public-api.ts) and the route table in
 * public-api.ts, so it cannot drift from the code. Built once per server (it is the same for
 * every request).
 */
export function createPublicApiDocument(publicUrl: string): () => object {
  let document: object | undefined;
  return () => {
    document ??= createDocument({
      openapi: "3.1.0",
      info: {
        title: `${brand.name} API`,
        version: "1.0.0",
        description:
          `Chat with your bots, read their conversations and contacts, and manage their knowledge from your own software. ` +
          "Authenticate with an API key from the console (`Authorization: Bearer <key>`). " +
          `Lists page with \`limit\` (at most ${publicApiLimits.pageSizeMax}) and the \`nextCursor\` of the previous page. ` +
          "Errors always have the shape `{ error: { code, message, fields? } }`, with the message in the language of `Accept-Language` (English or Thai).",
      },
      servers: [{ url: `${publicUrl.replace(/\/$/, "")}/api/v1` }],
      security: [{ apiKey: [] }],
      tags: [
        { name: "Bots" },
        { name: "Chat" },
        { name: "Conversations" },
        { name: "Contacts" },
        { name: "Knowledge" },
        { name: "Exports" },
      ],
      components: {
        securitySchemes: {
          apiKey: { type: "http", scheme: "bearer", description: "An API key from the console." },
        },
        schemas: { Error: ApiErrorSchema },
      },
      paths: publicApiPaths(),
    });
    return document;
  };
}
