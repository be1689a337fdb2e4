import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type HostSite = { server: Server; origin: string; setBot(id: string): void };

/** A site on another origin whose page embeds the widget under a strict CSP. */
export async function startHostSite(appOrigin: string): Promise<HostSite> {
  let botId = "";
  const server = createServer((request, response) => {
    if (request.url !== "/") {
      // The browser asks for /favicon.ico: nothing, quietly.
      response.writeHead(request.url === "/favicon.ico" ? 204 : 404).end();
      return;
    }
    response.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": [
        "default-src 'none'",
        `script-src ${appOrigin}`,
        `connect-src ${appOrigin}`,
        `frame-src ${appOrigin}`,
        "style-src 'self'",
        "img-src 'self'",
      ].join("; "),
    });
    response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title></head>
<body><h1>Somchai's shop</h1><p><a href="#top">A link before the widget</a></p>
<script src="${appOrigin}/widget.js" data-bot="${botId}" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    origin: `http://localhost:${port}`,
    setBot: (id) => {
      botId = id;
    },
  };
}

/** Stops a host site (its open keep-alive connections too). */
export async function stopHostSite(site: HostSite | undefined) {
  site?.server.closeAllConnections();
  await new Promise((resolve) => site?.server.close(resolve));
}
