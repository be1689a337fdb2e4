import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { type ParsedEmail, parseEmail } from "./parse-email";

export type ReceivedEmail = ParsedEmail & {
  /** MAIL FROM of the SMTP conversation. */
  mailFrom: string | undefined;
  /** RCPT TO of the SMTP conversation: who actually receives it. */
  rcptTo: string[];
  raw: string;
};

export type SmtpSink = {
  port: number;
  url: string;
  received: ReceivedEmail[];
  /** Resolves once `count` emails have arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives, for tests. With
 * `port`, listens on that port (to bring a server "back up" where a transport already points).
 */
export async function startSmtpSink({
  port = 0,
  password,
}: {
  port?: number;
  password?: string;
} = {}): Promise<SmtpSink> {
  const received: ReceivedEmail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: password === undefined,
    disabledCommands: password === undefined ? ["STARTTLS", "AUTH"] : ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.password === password) callback(null, { user: auth.username });
      else callback(new Error(`535 Authentication failed for ${auth.username}`));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mailFrom = session.envelope.mailFrom;
        received.push({
          ...parseEmail(raw),
          raw,
          mailFrom: mailFrom ? mailFrom.address : undefined,
          rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} emails, got ${received.length}`));
        }, timeoutMs);
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP port on 127.0.0.1 that nothing listens on (at the moment). */
export async function findFreePort(): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
