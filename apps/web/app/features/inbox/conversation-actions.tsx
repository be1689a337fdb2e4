import type { InboxActionInput, InboxConversationDto, InboxPersonDto } from "@jai/contracts/inbox";
import { inboxLimits } from "@jai/contracts/inbox";
import {
  Bot,
  CheckCircle2,
  Clock,
  Ellipsis,
  Hand,
  LoaderCircle,
  RotateCcw,
  UserMinus,
  UserRound,
} from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { useMessages } from "~/i18n/use-locale";
import {
  Menu,
  MenuContent,
  MenuGroup,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from "./menu";
import { inboxMessages } from "./messages";
import { snoozePresets, snoozeUntil, toDateTimeLocal } from "./time-words";
import { useMediaQuery } from "./use-media-query";

/** Which actions a conversation offers in its status (the state machine's rules). */
export function availableActions(
  conversation: Pick<InboxConversationDto, "status" | "assignee">,
  meId: string,
) {
  const { status, assignee } = conversation;
  const isMine = status === "open" && assignee?.id === meId;
  return {
    takeOver: (status === "bot" || status === "pending" || status === "open") && !isMine,
    reopen: status === "resolved" || status === "snoozed",
    resolve: status !== "resolved",
    handBack: status === "pending" || status === "open" || status === "snoozed",
    assign: status !== "resolved",
    unassign: (status === "open" || status === "snoozed") && assignee !== null,
    snooze: status === "pending" || status === "open",
  };
}

/**
 * The conversation's actions, only those its status allows: the main one as a button (take over,
 * or reopen), hand back and resolve as buttons on wider screens, and the rest in one menu
 * (assign to a teammate, unassign, snooze for a while or until a chosen time).
 */
export function ConversationActions({
  conversation,
  teammates,
  me,
  onAct,
}: {
  conversation: InboxConversationDto;
  teammates: InboxPersonDto[];
  me: InboxPersonDto;
  onAct(action: InboxActionInput): Promise<unknown>;
}) {
  const m = useMessages(inboxMessages);
  const a = m.actions;
  const can = availableActions(conversation, me.id);
  const [pending, setPending] = useState<string | null>(null);
  const [isCustomOpen, setIsCustomOpen] = useState(false);

  const run = async (action: InboxActionInput) => {
    if (pending) return;
    setPending(action.action);
    try {
      await onAct(action);
      toast.success(a.done[action.action]);
      return true;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : m.common.unknownError);
      return false;
    } finally {
      setPending(null);
    }
  };

  const busy = (action: string, Icon: typeof Bot) =>
    pending === action ? (
      <LoaderCircle className="animate-spin" aria-hidden="true" />
    ) : (
      <Icon aria-hidden="true" />
    );

  const others = teammates.filter((person) => person.id !== conversation.assignee?.id);
  const presets = snoozePresets
    .map((preset) => ({ preset, until: snoozeUntil(preset, new Date()) }))
    .filter(
      (entry): entry is { preset: (typeof snoozePresets)[number]; until: Date } =>
        entry.until !== null,
    );
  // On a phone the main action is the only button; with none, Resolve takes its place.
  const isWide = useMediaQuery("(min-width: 640px)");
  const showResolve = can.resolve && (isWide || (!can.takeOver && !can.reopen));
  const showHandBack = can.handBack && isWide;
  const hasMenu =
    can.assign ||
    can.unassign ||
    can.snooze ||
    (can.handBack && !showHandBack) ||
    (can.resolve && !showResolve);

  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={a.label}>
      {can.takeOver ? (
        <Button
          size="sm"
          disabled={pending !== null}
          onClick={() => void run({ action: "take_over" })}
        >
          {busy("take_over", Hand)}
          {a.takeOver}
        </Button>
      ) : null}
      {can.reopen ? (
        <Button
          size="sm"
          disabled={pending !== null}
          onClick={() => void run({ action: "reopen" })}
        >
          {busy("reopen", RotateCcw)}
          {a.reopen}
        </Button>
      ) : null}
      {showHandBack ? (
        <Button
          size="sm"
          variant="outline"
          disabled={pending !== null}
          onClick={() => void run({ action: "hand_back" })}
        >
          {busy("hand_back", Bot)}
          {a.handBack}
        </Button>
      ) : null}
      {showResolve ? (
        <Button
          size="sm"
          variant="outline"
          disabled={pending !== null}
          onClick={() => void run({ action: "resolve" })}
        >
          {busy("resolve", CheckCircle2)}
          {a.resolve}
        </Button>
      ) : null}
      {hasMenu ? (
        <Menu modal={false}>
          <MenuTrigger asChild>
            <Button
              size="sm"
              variant="outline"
              disabled={pending !== null}
              aria-label={a.more}
              title={a.more}
            >
              {pending && pending !== "take_over" && pending !== "reopen" ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Ellipsis aria-hidden="true" />
              )}
            </Button>
          </MenuTrigger>
          <MenuContent align="end">
            {can.handBack && !showHandBack ? (
              <MenuItem onSelect={() => void run({ action: "hand_back" })}>
                <Bot aria-hidden="true" />
                {a.handBack}
              </MenuItem>
            ) : null}
            {can.resolve && !showResolve ? (
              <MenuItem onSelect={() => void run({ action: "resolve" })}>
                <CheckCircle2 aria-hidden="true" />
                {a.resolve}
              </MenuItem>
            ) : null}
            {can.assign ? (
              <MenuGroup>
                <MenuLabel>{a.assignTo}</MenuLabel>
                {others.length === 0 ? (
                  <MenuItem disabled>{a.noTeammates}</MenuItem>
                ) : (
                  others.map((person) => (
                    <MenuItem
                      key={person.id}
                      onSelect={() => void run({ action: "assign", assigneeId: person.id })}
                    >
                      <UserRound aria-hidden="true" />
                      {person.id === me.id ? a.me(person.name) : person.name}
                    </MenuItem>
                  ))
                )}
                {can.unassign ? (
                  <MenuItem onSelect={() => void run({ action: "unassign" })}>
                    <UserMinus aria-hidden="true" />
                    {a.unassign}
                  </MenuItem>
                ) : null}
              </MenuGroup>
            ) : null}
            {can.snooze ? (
              <>
                <MenuSeparator />
                <MenuGroup>
                  <MenuLabel>{a.snooze}</MenuLabel>
                  {presets.map(({ preset, until }) => (
                    <MenuItem
                      key={preset}
                      onSelect={() => void run({ action: "snooze", until: until.toISOString() })}
                    >
                      <Clock aria-hidden="true" />
                      {a.snoozeFor[preset]}
                    </MenuItem>
                  ))}
                  <MenuItem onSelect={() => setIsCustomOpen(true)}>
                    <Clock aria-hidden="true" />
                    {a.snoozeFor.custom}
                  </MenuItem>
                </MenuGroup>
              </>
            ) : null}
          </MenuContent>
        </Menu>
      ) : null}
      <CustomSnooze
        open={isCustomOpen}
        onOpenChange={setIsCustomOpen}
        onSnooze={async (until) => {
          if (await run({ action: "snooze", until: until.toISOString() })) setIsCustomOpen(false);
        }}
        isPending={pending === "snooze"}
      />
    </div>
  );
}

function CustomSnooze({
  open,
  onOpenChange,
  onSnooze,
  isPending,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSnooze(until: Date): void;
  isPending: boolean;
}) {
  const m = useMessages(inboxMessages);
  const a = m.actions;
  const id = useId();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const now = new Date();
  const latest = new Date(now.getTime() + inboxLimits.snoozeDays * 24 * 3_600_000);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const until = new Date(value);
    if (!value || Number.isNaN(until.getTime()) || until.getTime() <= Date.now()) {
      setError(a.snoozePast);
      return;
    }
    if (until.getTime() > latest.getTime()) {
      setError(a.snoozeTooFar);
      return;
    }
    setError(null);
    onSnooze(until);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setValue(toDateTimeLocal(new Date(Date.now() + 3 * 3_600_000)));
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={m.common.close}>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{a.customTitle}</DialogTitle>
            <DialogDescription>{a.customText}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-until`} className="font-medium text-sm">
              {a.customLabel}
            </label>
            <Input
              id={`${id}-until`}
              type="datetime-local"
              value={value}
              min={toDateTimeLocal(now)}
              max={toDateTimeLocal(latest)}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-error`}
            />
            {error ? (
              <p id={`${id}-error`} className="text-destructive text-sm" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {m.common.cancel}
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {a.customSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
