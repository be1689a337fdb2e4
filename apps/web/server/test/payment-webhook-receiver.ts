import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type PaymentProvider,
  PaymentProviderError,
} from "../modules/billing/providers/payment-provider";

/**
 * A webhook endpoint for provider tests: checks each delivery with `provider.verifyWebhook`, as
 * the app's route does (401 for a bad signature, 400 for a bad body, 200 otherwise), and keeps
 * what it got.
 */
export async function startPaymentWebhookReceiver(provider: () => PaymentProvider) {
  const received: { rawBody: string; headers: Headers; result: unknown }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      let result: unknown;
      let status = 200;
      try {
        result = provider().verifyWebhook(rawBody, headers);
      } catch (error) {
        result = error;
        status = error instanceof PaymentProviderError && error.kind === "signature" ? 401 : 400;
      }
      received.push({ rawBody, headers, result });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The PaymentProviderError a promise rejects with (fails when it resolves or throws another). */
export async function providerErrorOf(promise: Promise<unknown>): Promise<PaymentProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PaymentProviderError) return error;
    throw error;
  }
  throw new Error("expected a PaymentProviderError");
}
