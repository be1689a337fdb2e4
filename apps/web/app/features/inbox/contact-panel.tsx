import type { InboxContactDto, InboxConversationDto } from "@jai/contracts/inbox";
import { inboxLimits } from "@jai/contracts/inbox";
import { Brain, Pencil } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { ChannelIcon } from "./channel-icon";
import { ContactAvatar, contactLabel } from "./contact-avatar";
import { inboxMessages } from "./messages";
import { StatusBadge } from "./status-badge";
import { moment, shortAgo } from "./time-words";
import { useInboxMutation } from "./use-inbox-mutation";

/**
 * Who the customer is: name (editable), channel, language, when first and last seen, email,
 * the details the chat app shared, the team's notes (editable), what the bot remembers, and
 * their other conversations.
 */
export function ContactPanel({
  contact,
  conversation,
  now,
  onSaved,
}: {
  contact: InboxContactDto;
  conversation: InboxConversationDto;
  now: Date | null;
  /** The contact changed (the conversation reloads to show it everywhere). */
  onSaved(contact: InboxContactDto): void;
}) {
  const m = useMessages(inboxMessages);
  const locale = useLocale();
  const c = m.contact;
  const when = (iso: string) => (now ? moment(iso, now, locale) : iso.slice(0, 10));
  const attributes = Object.entries(contact.attributes).filter(([, value]) => value !== null);
  return (
    <div className="space-y-5 p-4 text-sm" data-testid="contact-panel">
      <div className="flex items-center gap-3">
        <ContactAvatar name={contact.name} avatarUrl={contact.avatarUrl} className="size-12" />
        <NameField contact={contact} onSaved={onSaved} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
        <dt className="text-muted-foreground">{c.channel}</dt>
        <dd className="flex min-w-0 items-center gap-1.5">
          <ChannelIcon channel={contact.channel} />
          <span className="truncate">
            {m.channels[contact.channel]} · {conversation.botName}
          </span>
        </dd>
        <dt className="text-muted-foreground">{c.language}</dt>
        <dd>
          {contact.language ? (c.languages[contact.language] ?? contact.language) : c.unknown}
        </dd>
        <dt className="text-muted-foreground">{c.firstSeen}</dt>
        <dd>
          <time dateTime={contact.firstSeenAt}>{when(contact.firstSeenAt)}</time>
        </dd>
        <dt className="text-muted-foreground">{c.lastSeen}</dt>
        <dd>
          <time dateTime={contact.lastSeenAt}>{when(contact.lastSeenAt)}</time>
        </dd>
        {contact.email ? (
          <>
            <dt className="text-muted-foreground">{c.email}</dt>
            <dd className="min-w-0 break-all">
              <a href={`mailto:${contact.email}`} className="underline underline-offset-2">
                {contact.email}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      <section aria-labelledby="contact-attributes" className="space-y-1.5">
        <h3 id="contact-attributes" className="font-semibold">
          {c.attributes}
        </h3>
        {attributes.length === 0 ? (
          <p className="text-muted-foreground">{c.noAttributes}</p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {attributes.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="break-all text-muted-foreground">{key}</dt>
                <dd className="min-w-0 break-words">{String(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <NotesField contact={contact} onSaved={onSaved} />
      <section aria-labelledby="contact-memory" className="space-y-1.5">
        <h3 id="contact-memory" className="flex items-center gap-1.5 font-semibold">
          <Brain className="size-4" aria-hidden="true" />
          {c.memory}
        </h3>
        {contact.memory ? (
          <p
            className="whitespace-pre-wrap break-words rounded-md bg-muted p-2.5"
            data-testid="contact-memory"
          >
            {contact.memory}
          </p>
        ) : (
          <p className="text-muted-foreground">{c.memoryEmpty}</p>
        )}
        <p className="text-muted-foreground text-xs">{c.memoryHelp}</p>
      </section>
      <section aria-labelledby="contact-past" className="space-y-1.5">
        <h3 id="contact-past" className="font-semibold">
          {c.past}
        </h3>
        {contact.pastConversations.length === 0 ? (
          <p className="text-muted-foreground">{c.noPast}</p>
        ) : (
          <ul className="space-y-1">
            {contact.pastConversations.map((past) => (
              <li key={past.id}>
                <LocaleLink
                  to={`/app/inbox/${past.id}`}
                  className="block rounded-md border p-2 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="flex items-center justify-between gap-2">
                    <StatusBadge status={past.status} />
                    {now ? (
                      <time dateTime={past.lastMessageAt} className="text-muted-foreground text-xs">
                        {shortAgo(past.lastMessageAt, now, locale, m)}
                      </time>
                    ) : null}
                  </span>
                  <span className="mt-1 block truncate text-muted-foreground">{past.preview}</span>
                </LocaleLink>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function NameField({
  contact,
  onSaved,
}: {
  contact: InboxContactDto;
  onSaved(contact: InboxContactDto): void;
}) {
  const m = useMessages(inboxMessages);
  const c = m.contact;
  const id = useId();
  const [isEditing, setIsEditing] = useState(false);
  const [name, setName] = useState(contact.name ?? "");
  const save = useInboxMutation();
  const label = contactLabel(contact, m.list.visitor);
  if (!isEditing) {
    return (
      <div className="flex min-w-0 flex-1 items-center gap-1">
        <p className="min-w-0 truncate font-semibold text-base" data-testid="contact-name">
          {label}
        </p>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label={c.editName}
          title={c.editName}
          onClick={() => {
            setName(contact.name ?? "");
            setIsEditing(true);
          }}
        >
          <Pencil aria-hidden="true" />
        </Button>
      </div>
    );
  }
  return (
    <form
      className="min-w-0 flex-1 space-y-1.5"
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await save.run<InboxContactDto>(
          "PATCH",
          `/inbox/contacts/${encodeURIComponent(contact.id)}`,
          { name: name.trim() || null },
          { quiet: true },
        );
        if (result?.ok) {
          setIsEditing(false);
          toast.success(c.nameSaved);
          onSaved(result.data);
        }
      }}
    >
      <label htmlFor={`${id}-name`} className="sr-only">
        {c.name}
      </label>
      <Input
        id={`${id}-name`}
        value={name}
        maxLength={inboxLimits.contactName}
        placeholder={c.namePlaceholder}
        onChange={(event) => setName(event.target.value)}
        aria-invalid={save.error ? true : undefined}
        aria-describedby={`${id}-name-error`}
        className="h-9"
        autoFocus
      />
      {save.error ? (
        <p id={`${id}-name-error`} className="text-destructive text-xs">
          {save.fieldError("name") ?? save.error.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? m.common.saving : m.common.save}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => {
            setIsEditing(false);
            save.setError(null);
          }}
        >
          {m.common.cancel}
        </Button>
      </div>
    </form>
  );
}

function NotesField({
  contact,
  onSaved,
}: {
  contact: InboxContactDto;
  onSaved(contact: InboxContactDto): void;
}) {
  const m = useMessages(inboxMessages);
  const c = m.contact;
  const id = useId();
  const [notes, setNotes] = useState(contact.notes ?? "");
  const save = useInboxMutation();
  // Another teammate saved notes (the conversation reloaded): show theirs unless we are typing.
  const shownNotes = useRef(contact.notes ?? "");
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the stored notes only
  useEffect(() => {
    const incoming = contact.notes ?? "";
    if (notes === shownNotes.current) setNotes(incoming);
    shownNotes.current = incoming;
  }, [contact.notes]);
  const isChanged = notes.trim() !== (contact.notes ?? "").trim();
  return (
    <form
      className="space-y-1.5"
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await save.run<InboxContactDto>(
          "PATCH",
          `/inbox/contacts/${encodeURIComponent(contact.id)}`,
          { notes: notes.trim() || null },
          { quiet: true },
        );
        if (result?.ok) {
          toast.success(c.notesSaved);
          shownNotes.current = result.data.notes ?? "";
          setNotes(shownNotes.current);
          onSaved(result.data);
        }
      }}
    >
      <label htmlFor={`${id}-notes`} className="font-semibold">
        {c.notes}
      </label>
      <Textarea
        id={`${id}-notes`}
        value={notes}
        rows={4}
        maxLength={inboxLimits.contactNotes}
        onChange={(event) => setNotes(event.target.value)}
        aria-describedby={`${id}-notes-help ${id}-notes-error`}
        aria-invalid={save.error ? true : undefined}
      />
      <p id={`${id}-notes-help`} className="text-muted-foreground text-xs">
        {c.notesHelp} {m.composer.characters(notes.length, inboxLimits.contactNotes)}
      </p>
      {save.error ? (
        <p id={`${id}-notes-error`} className="text-destructive text-xs" role="alert">
          {save.fieldError("notes") ?? save.error.message}
        </p>
      ) : null}
      <Button type="submit" size="sm" variant="outline" disabled={save.isPending || !isChanged}>
        {save.isPending ? m.common.saving : m.common.save}
      </Button>
    </form>
  );
}
