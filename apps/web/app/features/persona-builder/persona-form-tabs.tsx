import {
  type Persona,
  personaGenders,
  personaLanguages,
  personaLimits,
  personaRoles,
  personaTones,
} from "@jai/contracts/persona";
import { useState } from "react";
import type { Locale } from "~/i18n/locale";
import { AvatarField } from "./avatar/avatar-field";
import type { PersonaBuilderMessages, PersonaBuilderTab } from "./messages";
import { ListSection, SelectField, TextField } from "./persona-fields";
import { SynonymsField } from "./synonyms-field";

type TabProps = {
  persona: Persona;
  locale: Locale;
  update(patch: Partial<Persona>): void;
  m: PersonaBuilderMessages;
};

/** The id of the name field: Edit (on the persona card) and a missing name focus it. */
export const nameFieldId = "persona-name";
const customRole = "__custom";

function IdentityFields({ persona, locale, update, m }: TabProps) {
  const isKnownRole = (personaRoles as readonly string[]).includes(persona.role);
  const [isCustomRole, setCustomRole] = useState(false);
  const showCustom = isCustomRole || (persona.role !== "" && !isKnownRole);
  return (
    <>
      <TextField
        id={nameFieldId}
        label={m.fields.name.label}
        placeholder={m.fields.name.placeholder}
        value={persona.name}
        onChange={(name) => update({ name })}
        maxLength={personaLimits.name}
        m={m}
      />
      <AvatarField
        value={persona.avatar}
        onChange={(avatar) => update({ avatar })}
        locale={locale}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={m.fields.role.label}
          value={showCustom ? customRole : persona.role}
          onChange={(value) => {
            if (value === customRole) {
              setCustomRole(true);
              if (isKnownRole) update({ role: "" });
            } else {
              setCustomRole(false);
              update({ role: value });
            }
          }}
        >
          <option value="">{m.fields.role.choose}</option>
          {personaRoles.map((role) => (
            <option key={role} value={role}>
              {m.fields.role.roles[role]}
            </option>
          ))}
          <option value={customRole}>{m.fields.role.other}</option>
        </SelectField>
        <SelectField
          label={m.fields.gender.label}
          value={persona.gender}
          onChange={(value) => {
            const gender = personaGenders.find((option) => option === value);
            if (gender) update({ gender });
          }}
        >
          {personaGenders.map((gender) => (
            <option key={gender} value={gender}>
              {m.fields.gender.options[gender]}
            </option>
          ))}
        </SelectField>
      </div>
      {showCustom ? (
        <TextField
          label={m.fields.role.custom}
          placeholder={m.fields.role.customPlaceholder}
          value={persona.role}
          onChange={(role) => update({ role })}
          maxLength={personaLimits.role}
          m={m}
        />
      ) : null}
      <TextField
        label={m.fields.bio.label}
        placeholder={m.fields.bio.placeholder}
        value={persona.bio}
        onChange={(bio) => update({ bio })}
        maxLength={personaLimits.bio}
        rows={4}
        m={m}
      />
    </>
  );
}

function TextListSection({
  field,
  persona,
  update,
  m,
}: TabProps & { field: "defaultReplies" | "catchphrases" }) {
  const texts = m.lists[field];
  return (
    <ListSection
      texts={texts}
      items={persona[field]}
      onChange={(items) => update({ [field]: items })}
      maxItems={personaLimits.listItems}
      createItem={() => ""}
      m={m}
      renderItem={(item, index, set) => (
        <TextField
          label={texts.item(index + 1)}
          value={item}
          onChange={set}
          maxLength={personaLimits.listItem}
          rows={field === "defaultReplies" ? 2 : undefined}
          m={m}
        />
      )}
    />
  );
}

function VoiceFields(props: TabProps) {
  const { persona, update, m } = props;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={m.fields.tone.label}
          value={persona.tone}
          onChange={(tone) => update({ tone })}
        >
          <option value="">{m.fields.tone.choose}</option>
          {personaTones.map((tone) => (
            <option key={tone} value={tone}>
              {m.fields.tone.options[tone]}
            </option>
          ))}
          {/* A tone from an imported or older persona stays selectable. */}
          {persona.tone && !(personaTones as readonly string[]).includes(persona.tone) ? (
            <option value={persona.tone}>{persona.tone}</option>
          ) : null}
        </SelectField>
        <SelectField
          label={m.fields.language.label}
          value={persona.language}
          onChange={(value) => {
            const language = personaLanguages.find((option) => option === value);
            if (language) update({ language });
          }}
        >
          {personaLanguages.map((language) => (
            <option key={language} value={language}>
              {m.fields.language.options[language]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={m.fields.customTone.label}
        placeholder={m.fields.customTone.placeholder}
        value={persona.customTone}
        onChange={(customTone) => update({ customTone })}
        maxLength={personaLimits.customTone}
        rows={2}
        m={m}
      />
      <TextListSection field="catchphrases" {...props} />
    </>
  );
}

function GreetingFields({ persona, update, m }: TabProps) {
  return (
    <>
      <TextField
        label={m.fields.welcomeMessage.label}
        placeholder={m.fields.welcomeMessage.placeholder}
        value={persona.welcomeMessage}
        onChange={(welcomeMessage) => update({ welcomeMessage })}
        maxLength={personaLimits.welcomeMessage}
        rows={3}
        m={m}
      />
      <TextField
        label={m.fields.introduction.label}
        placeholder={m.fields.introduction.placeholder}
        value={persona.introduction}
        onChange={(introduction) => update({ introduction })}
        maxLength={personaLimits.introduction}
        rows={4}
        m={m}
      />
    </>
  );
}

function BehaviorFields(props: TabProps) {
  const { persona, update, m } = props;
  return (
    <>
      <TextListSection field="defaultReplies" {...props} />
      <ListSection
        texts={m.faqs}
        items={persona.faqs}
        onChange={(faqs) => update({ faqs })}
        maxItems={personaLimits.faqs}
        createItem={() => ({ question: "", answer: "" })}
        m={m}
        renderItem={(faq, index, set) => (
          <div className="grid gap-3 rounded-lg border bg-muted/30 p-3">
            <TextField
              label={m.faqs.question(index + 1)}
              value={faq.question}
              onChange={(question) => set({ ...faq, question })}
              maxLength={personaLimits.faqQuestion}
              m={m}
            />
            <TextField
              label={m.faqs.answer(index + 1)}
              value={faq.answer}
              onChange={(answer) => set({ ...faq, answer })}
              maxLength={personaLimits.faqAnswer}
              rows={3}
              m={m}
            />
          </div>
        )}
      />
    </>
  );
}

/** The fields of each form tab (Export has actions instead). */
export function PersonaTabFields({ tab, ...props }: TabProps & { tab: PersonaBuilderTab }) {
  const { persona, update, m } = props;
  switch (tab) {
    case "identity":
      return <IdentityFields {...props} />;
    case "voice":
      return <VoiceFields {...props} />;
    case "greeting":
      return <GreetingFields {...props} />;
    case "behavior":
      return <BehaviorFields {...props} />;
    case "context":
      return (
        <TextField
          label={m.fields.contextInstructions.label}
          placeholder={m.fields.contextInstructions.placeholder}
          value={persona.contextInstructions}
          onChange={(contextInstructions) => update({ contextInstructions })}
          maxLength={personaLimits.contextInstructions}
          rows={8}
          m={m}
        />
      );
    case "knowledge":
      return (
        <>
          <TextField
            label={m.fields.knowledgeBase.label}
            placeholder={m.fields.knowledgeBase.placeholder}
            value={persona.knowledgeBase}
            onChange={(knowledgeBase) => update({ knowledgeBase })}
            maxLength={personaLimits.knowledgeBase}
            rows={14}
            m={m}
          />
          <SynonymsField
            synonyms={persona.synonyms}
            onChange={(synonyms) => update({ synonyms })}
            m={m}
          />
        </>
      );
    case "advanced":
      return (
        <TextField
          label={m.fields.customPrompts.label}
          placeholder={m.fields.customPrompts.placeholder}
          value={persona.customPrompts}
          onChange={(customPrompts) => update({ customPrompts })}
          maxLength={personaLimits.customPrompts}
          rows={8}
          m={m}
        />
      );
    case "export":
      return null;
  }
}
