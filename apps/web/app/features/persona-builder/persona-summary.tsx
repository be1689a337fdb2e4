import type { Persona } from "@jai/contracts/persona";
import { PersonaAvatar } from "~/components/avatar/persona-avatar";
import type { PersonaBuilderMessages } from "./messages";
import { languageLabel, roleLabel, toneLabel } from "./persona-labels";

/** The persona as a card: avatar, name, role, tone, language, gender, bio and greeting. */
export function PersonaSummary({
  persona,
  m,
  isCompact = false,
}: {
  persona: Persona;
  m: PersonaBuilderMessages;
  /** The live preview's side panel: no gender or greeting. */
  isCompact?: boolean;
}) {
  const notSet = <span className="text-muted-foreground italic">{m.card.notSet}</span>;
  const tone = [toneLabel(persona.tone, m), persona.customTone.trim()].filter(Boolean).join(" · ");
  const rows: Array<[string, string]> = [
    [m.card.role, roleLabel(persona.role.trim(), m)],
    [m.card.tone, tone],
    [m.card.language, languageLabel(persona.language, m)],
  ];
  if (!isCompact) rows.push([m.card.gender, m.fields.gender.options[persona.gender]]);
  return (
    <div className="grid gap-4" data-testid="persona-summary">
      <div className="flex items-center gap-3">
        <PersonaAvatar
          avatar={persona.avatar}
          name={persona.name}
          size={isCompact ? "md" : "lg"}
          decorative
        />
        <div className="min-w-0">
          <p className="break-words font-semibold text-lg leading-tight">
            {persona.name.trim() || m.draft.untitled}
          </p>
          {persona.role.trim() ? (
            <p className="text-muted-foreground text-sm">{roleLabel(persona.role.trim(), m)}</p>
          ) : null}
        </div>
      </div>
      <dl className="grid gap-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[7rem_1fr] gap-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value || notSet}</dd>
          </div>
        ))}
      </dl>
      <div className="text-sm">
        <p className="text-muted-foreground">{m.card.bio}</p>
        <p className="mt-1 line-clamp-6 whitespace-pre-line break-words">
          {persona.bio.trim() || notSet}
        </p>
      </div>
      {!isCompact && persona.welcomeMessage.trim() ? (
        <div className="text-sm">
          <p className="text-muted-foreground">{m.card.welcome}</p>
          <p className="mt-1 whitespace-pre-line break-words">{persona.welcomeMessage.trim()}</p>
        </div>
      ) : null}
    </div>
  );
}
