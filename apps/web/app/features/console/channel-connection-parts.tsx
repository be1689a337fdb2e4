import { Unplug } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { type Locale, localeTag } from "~/i18n/locale";
import { ConfirmDialog } from "./console-parts";
import { useConsoleMutation } from "./use-console-mutation";

/**
 * What the messaging channel cards (LINE, Messenger / Instagram, TikTok) share once a channel is
 * connected: this month's sent messages, and the reconnect and disconnect buttons.
 */

/** This month's messages sent on the channel, and the events it ignored when there were any. */
export function ChannelSentCount({
  testId,
  locale,
  counts,
  labels,
}: {
  testId: string;
  locale: Locale;
  counts: { sentThisMonth: number; ignoredEvents: number };
  labels: {
    sentTitle: string;
    sent: (count: string) => string;
    /** Said only when some events were ignored. */
    ignored: (count: string) => string;
  };
}) {
  const number = (value: number) => new Intl.NumberFormat(localeTag(locale)).format(value);
  return (
    <div className="rounded-lg border p-3 text-sm" data-testid={testId}>
      <p className="font-medium">{labels.sentTitle}</p>
      <p>{labels.sent(number(counts.sentThisMonth))}</p>
      {counts.ignoredEvents > 0 ? (
        <p className="text-muted-foreground">{labels.ignored(number(counts.ignoredEvents))}</p>
      ) : null}
    </div>
  );
}

export type ChannelActionLabels = {
  reconnect: string;
  disconnect: string;
  disconnecting: string;
  disconnectTitle: string;
  disconnectText: string;
};

/**
 * Reconnect (when the card offers it) and disconnect, asked first in a dialog: `DELETE path`
 * through the console API; the dialog stays open with the error when it fails.
 */
export function ChannelConnectionActions({
  path,
  labels,
  showReconnect,
  onReconnect,
  onDisconnected,
}: {
  /** The console API path of the channel (DELETE disconnects it). */
  path: string;
  labels: ChannelActionLabels;
  showReconnect: boolean;
  onReconnect: () => void;
  onDisconnected: () => void;
}) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const disconnect = useConsoleMutation();
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {showReconnect ? (
          <Button type="button" variant="outline" onClick={onReconnect}>
            {labels.reconnect}
          </Button>
        ) : null}
        <Button type="button" variant="outline" onClick={() => setConfirmOpen(true)}>
          <Unplug aria-hidden="true" />
          {labels.disconnect}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={labels.disconnectTitle}
        text={labels.disconnectText}
        confirmLabel={labels.disconnect}
        pendingLabel={labels.disconnecting}
        isPending={disconnect.isPending}
        error={disconnect.error?.message}
        onConfirm={async () => {
          const result = await disconnect.run("DELETE", path, undefined, { quiet: true });
          if (result?.ok) {
            setConfirmOpen(false);
            onDisconnected();
          }
        }}
      />
    </>
  );
}
