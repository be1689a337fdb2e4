// The baseline for bench/static-throughput.mjs: a bare node:http server, in its own process, that
// answers every request with the bytes, status and content type it is sent over IPC.
import { createServer } from "node:http";

process.once("message", ({ status, contentType, body }) => {
  const bytes = Buffer.from(body, "base64");
  const headers = { "Content-Type": contentType, "Content-Length": bytes.length };
  const server = createServer((_request, response) => {
    response.writeHead(status, headers);
    response.end(bytes);
  });
  // The same keep-alive settings as the real server.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
  process.on("SIGTERM", () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
  process.on("disconnect", () => process.exit(0));
});
