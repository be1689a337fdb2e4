import type { Logger } from "../../logger";
import { describeError } from "../../logger";

/** `stop` ends the schedule and waits for a sweep under way, so the database can close. */
export type AvatarSweeper = { stop(): Promise<void> };

/**
 * Runs `sweep` (services.avatars.sweepAnonymous) at boot and then every hour, logging what it
 * removed; a failure is logged and retried at the next run. The timer does not keep the
 * process alive.
 */
export function startAvatarSweeper({
  sweep,
  logger,
  intervalMs = 60 * 60 * 1000,
}: {
  sweep(): Promise<number>;
  logger: Logger;
  intervalMs?: number;
}): AvatarSweeper {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= sweep()
      .then((removed) => {
        if (removed > 0) logger.info("unused anonymous avatars removed", { removed });
      })
      .catch((error: unknown) => logger.warn("avatar sweep failed", describeError(error)))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
