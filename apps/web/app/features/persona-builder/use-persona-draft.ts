import {
  fromStoredPersona,
  type Persona,
  type PersonaBuilderNavigationState,
} from "@jai/contracts/persona";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Locale } from "~/i18n/locale";
import { fetchPersona } from "./persona-api";
import {
  clearDraft,
  createEmptyPersona,
  loadDraft,
  type PersonaDraft,
  saveDraft,
  withEmptyEntries,
} from "./persona-draft";

/** Typing settles for this long before the draft is written (and at once when the page hides). */
const autosaveDelayMs = 400;

export type DraftStatus = "restoring" | "loading-persona" | "ready";

function readEditState(state: unknown): PersonaBuilderNavigationState["editPersona"] | null {
  if (typeof state !== "object" || state === null || !("editPersona" in state)) return null;
  const { editPersona } = state as { editPersona: unknown };
  return typeof editPersona === "object" && editPersona !== null
    ? (editPersona as PersonaBuilderNavigationState["editPersona"])
    : null;
}

/**
 * The builder's draft: restored from this browser, or a saved persona opened for editing
 * (navigation state `{ editPersona }` from the console, or `?persona=<id>`), written back to
 * localStorage as it changes. The page is prerendered, so all of it starts after hydration.
 */
export function usePersonaDraft(locale: Locale) {
  const location = useLocation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<PersonaDraft>(() => ({
    persona: createEmptyPersona(),
    personaId: null,
  }));
  const [status, setStatus] = useState<DraftStatus>("restoring");
  const [loadFailed, setLoadFailed] = useState(false);
  const [isStorageFailing, setStorageFailing] = useState(false);
  const [wasRestored, setRestored] = useState(false);
  const latest = useRef(draft);
  latest.current = draft;
  const startedFor = useRef<string | null>(null);

  // Where the draft comes from, once per page visit.
  useEffect(() => {
    if (startedFor.current !== null) return;
    startedFor.current = location.key;
    const url = new URLSearchParams(location.search);
    const personaParam = url.get("persona");
    const dropFromUrl = () => {
      url.delete("persona");
      const search = url.toString();
      // Replace the entry: a reload restores the (autosaved) draft, not the original persona.
      void navigate(`${location.pathname}${search ? `?${search}` : ""}`, {
        replace: true,
        state: null,
        preventScrollReset: true,
      });
    };

    const editPersona = readEditState(location.state);
    if (editPersona) {
      try {
        const { id, persona } = fromStoredPersona(editPersona);
        setDraft({ persona: withEmptyEntries(persona), personaId: id });
      } catch {
        setLoadFailed(true);
        restore();
      }
      setStatus("ready");
      dropFromUrl();
      return;
    }
    if (personaParam) {
      setStatus("loading-persona");
      const controller = new AbortController();
      fetchPersona(personaParam, locale, controller.signal).then(
        (dto) => {
          setDraft({ persona: withEmptyEntries(dto.persona), personaId: dto.id });
          setStatus("ready");
          dropFromUrl();
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn("persona could not be loaded", error);
          setLoadFailed(true);
          restore();
          setStatus("ready");
          dropFromUrl();
        },
      );
      return;
    }
    restore();
    setStatus("ready");

    function restore() {
      const stored = loadDraft(window.localStorage);
      if (stored) {
        setDraft(stored);
        setRestored(true);
      }
    }
  }, [location, locale, navigate]);

  const write = useCallback(() => {
    setStorageFailing(!saveDraft(window.localStorage, latest.current));
  }, []);

  // Autosave: debounced while typing, at once when the page is hidden or closed.
  useEffect(() => {
    if (status !== "ready") return;
    const timer = window.setTimeout(
      () => setStorageFailing(!saveDraft(window.localStorage, draft)),
      autosaveDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [draft, status]);
  useEffect(() => {
    if (status !== "ready") return;
    const flush = () => write();
    const onVisibility = () => document.visibilityState === "hidden" && write();
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [status, write]);

  const updatePersona = useCallback((patch: Partial<Persona>) => {
    setDraft((current) => ({ ...current, persona: { ...current.persona, ...patch } }));
  }, []);

  const setPersonaId = useCallback((personaId: string | null) => {
    setDraft((current) => ({ ...current, personaId }));
  }, []);

  /** Replaces the whole draft (an imported file) and writes it at once. */
  const replaceDraft = useCallback((next: PersonaDraft) => {
    latest.current = next;
    setDraft(next);
    setStorageFailing(!saveDraft(window.localStorage, next));
  }, []);

  const startOver = useCallback(() => {
    clearDraft(window.localStorage);
    const empty = { persona: createEmptyPersona(), personaId: null };
    latest.current = empty;
    setDraft(empty);
    setRestored(false);
  }, []);

  return {
    draft,
    status,
    loadFailed,
    isStorageFailing,
    wasRestored,
    updatePersona,
    setPersonaId,
    replaceDraft,
    startOver,
  };
}
