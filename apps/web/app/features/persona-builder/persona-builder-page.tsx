import type { Persona } from "@jai/contracts/persona";
import {
  createPersonaFile,
  type PersonaFileProblem,
  parsePersonaFile,
  personaFileMaxBytes,
  personaFileName,
  personaFileSlug,
  serializePersonaFile,
} from "@jai/contracts/persona-file";
import {
  ArrowLeft,
  AudioLines,
  BookOpen,
  ChevronLeft,
  ChevronRight,
  Eye,
  FileImage,
  FileText,
  FileUp,
  Hand,
  IdCard,
  type LucideIcon,
  MessagesSquare,
  RotateCcw,
  Save,
  ScrollText,
  Share2,
  SlidersHorizontal,
  UserRound,
  WandSparkles,
} from "lucide-react";
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { LocaleLink } from "~/components/layout/locale-link";
import { PageHero } from "~/components/layout/page-hero";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/components/ui/toaster";
import { SubmitToMarketplaceDialog } from "~/features/marketplace/submit-to-marketplace-dialog";
import { useLocale } from "~/i18n/use-locale";
import { downloadBlob } from "~/lib/download-blob";
import { useAuthSession } from "~/lib/use-auth-session";
import { CardExportError, exportPersonaPdf, exportPersonaPng } from "./card-export";
import { ConfirmDialog } from "./confirm-dialog";
import { ExportOption, ExportPersonaDialog } from "./export-persona-dialog";
import { LivePreviewDialog } from "./live-preview-dialog";
import {
  type PersonaBuilderMessages,
  type PersonaBuilderTab,
  personaBuilderMessages,
  personaBuilderTabs,
} from "./messages";
import { PersonaApiError, savePersona } from "./persona-api";
import { PersonaCardDialog } from "./persona-card-dialog";
import { isBlankPersona, withEmptyEntries } from "./persona-draft";
import { nameFieldId, PersonaTabFields } from "./persona-form-tabs";
import { checkPersona, fieldLabel } from "./persona-labels";
import { SignInToSaveDialog } from "./sign-in-to-save-dialog";
import { usePersonaDraft } from "./use-persona-draft";

const tabIcons: Record<PersonaBuilderTab, LucideIcon> = {
  identity: UserRound,
  voice: AudioLines,
  greeting: Hand,
  behavior: MessagesSquare,
  context: ScrollText,
  knowledge: BookOpen,
  advanced: SlidersHorizontal,
  export: Share2,
};

function isTab(value: string): value is PersonaBuilderTab {
  return (personaBuilderTabs as readonly string[]).includes(value);
}

type OpenDialog =
  | "card"
  | "preview"
  | "export"
  | "sign-in"
  | "start-over"
  | "import"
  | "marketplace"
  | null;

function describeFileProblem(problem: PersonaFileProblem, m: PersonaBuilderMessages): string {
  const texts = m.importFile.problems;
  switch (problem.code) {
    case "too_large":
      return texts.too_large(Math.round(problem.maxBytes / (1024 * 1024)));
    case "not_json":
      return texts.not_json;
    case "not_persona_file":
      return texts.not_persona_file;
    case "newer_version":
      return texts.newer_version(problem.version);
    case "unsupported_version":
      return texts.unsupported_version;
    case "invalid_field":
      return texts.invalid_field(fieldLabel(problem.field, m), problem.reason);
    case "invalid_avatar":
      return texts.invalid_avatar;
  }
}

export function PersonaBuilderPage() {
  const locale = useLocale();
  const m = personaBuilderMessages[locale];
  const location = useLocation();
  const navigate = useNavigate();
  const session = useAuthSession();
  const {
    draft,
    status,
    loadFailed,
    isStorageFailing,
    updatePersona,
    setPersonaId,
    replaceDraft,
    startOver,
  } = usePersonaDraft(locale);
  const { persona, personaId } = draft;
  const [activeTab, setActiveTab] = useState<PersonaBuilderTab>("identity");
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [isSaving, setSaving] = useState(false);
  const [exporting, setExporting] = useState<"png" | "pdf" | null>(null);
  const [importProblem, setImportProblem] = useState<string | null>(null);
  const [pendingImport, setPendingImport] = useState<Persona | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const index = personaBuilderTabs.indexOf(activeTab);
  const previousTab = index > 0 ? personaBuilderTabs[index - 1] : null;
  const nextTab = index < personaBuilderTabs.length - 1 ? personaBuilderTabs[index + 1] : null;

  const showProblemAt = useCallback((tab: PersonaBuilderTab, message: string) => {
    setDialog(null);
    setActiveTab(tab);
    toast.error(message);
    if (tab === "identity") {
      window.requestAnimationFrame(() => document.getElementById(nameFieldId)?.focus());
    }
  }, []);

  /** Saves the draft to the owner's library; the saved id, or null when it was not saved. */
  const save = useCallback(async (): Promise<string | null> => {
    const problem = checkPersona(persona, m, { requireName: true });
    if (problem) {
      showProblemAt(problem.tab, problem.message);
      return null;
    }
    if (session === null) {
      setDialog("sign-in");
      return null;
    }
    setSaving(true);
    try {
      let saved: { id: string };
      let isUpdate = personaId !== null;
      try {
        saved = await savePersona(personaId, persona, locale);
      } catch (error) {
        // The persona it edited is gone (deleted in the console): save it as a new one.
        if (!(error instanceof PersonaApiError && error.status === 404 && personaId)) throw error;
        isUpdate = false;
        saved = await savePersona(null, persona, locale);
      }
      setPersonaId(saved.id);
      toast.success(isUpdate ? m.save.updated : m.save.created);
      return saved.id;
    } catch (error) {
      if (error instanceof PersonaApiError && error.status === 401) {
        setDialog("sign-in");
      } else if (error instanceof PersonaApiError && error.status === 422) {
        const field = Object.keys(error.fields)[0];
        toast.error(field ? m.save.invalid(fieldLabel(field, m)) : error.message);
      } else if (error instanceof PersonaApiError && error.code) {
        // The server's own localized words (a plan limit, too many requests…).
        toast.error(error.message);
      } else {
        toast.error(m.save.failed);
      }
      return null;
    } finally {
      setSaving(false);
    }
  }, [persona, personaId, session, locale, m, setPersonaId, showProblemAt]);

  // Back from signing in with `?save=1`: save the kept draft once, then drop the flag.
  const isAutoSaveDone = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (status !== "ready" || params.get("save") !== "1" || session === undefined) return;
    if (isAutoSaveDone.current) return;
    isAutoSaveDone.current = true;
    params.delete("save");
    const search = params.toString();
    void navigate(`${location.pathname}${search ? `?${search}` : ""}`, {
      replace: true,
      preventScrollReset: true,
    });
    if (session) {
      setActiveTab("export");
      void save();
    }
  }, [status, session, location.search, location.pathname, navigate, save]);

  function exportJson() {
    const problem = checkPersona(persona, m);
    if (problem) return showProblemAt(problem.tab, problem.message);
    const fileName = personaFileName(persona.name);
    const text = serializePersonaFile(createPersonaFile(persona));
    downloadBlob(new Blob([text], { type: "application/json" }), fileName);
    toast.success(m.exportDialog.downloaded(fileName));
  }

  async function exportCard(format: "png" | "pdf") {
    const problem = checkPersona(persona, m);
    if (problem) return showProblemAt(problem.tab, problem.message);
    setExporting(format);
    try {
      await (format === "png" ? exportPersonaPng : exportPersonaPdf)(persona, locale);
      toast.success(m.exportDialog.downloaded(`${personaFileSlug(persona.name)}.${format}`));
    } catch (error) {
      toast.error(error instanceof CardExportError ? error.message : m.exportDialog.exportFailed);
    } finally {
      setExporting(null);
    }
  }

  async function submitToMarketplace() {
    if (session === null) {
      setDialog("sign-in");
      return;
    }
    // The listing is of the saved persona: save the draft as it is now first.
    const id = await save();
    if (id) setDialog("marketplace");
  }

  async function onImportFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setImportProblem(null);
    if (file.size > personaFileMaxBytes) {
      setImportProblem(
        describeFileProblem({ code: "too_large", maxBytes: personaFileMaxBytes }, m),
      );
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      setImportProblem(m.importFile.readFailed);
      return;
    }
    const result = parsePersonaFile(text);
    if (!result.ok) {
      setImportProblem(describeFileProblem(result.problem, m));
      return;
    }
    if (isBlankPersona(persona)) applyImport(result.persona);
    else {
      setPendingImport(result.persona);
      setDialog("import");
    }
  }

  function applyImport(imported: Persona) {
    // An imported file is a new persona: saving it creates one rather than overwriting another.
    replaceDraft({ persona: withEmptyEntries(imported), personaId: null });
    setPendingImport(null);
    setActiveTab("identity");
    toast.success(m.importFile.imported(imported.name.trim() || m.draft.untitled));
  }

  const exportActions: Array<{
    key: string;
    icon: LucideIcon;
    texts: { label: string; description: string };
    onClick(): void;
    isPrimary?: boolean;
    disabled?: boolean;
  }> = [
    {
      key: "preview",
      icon: Eye,
      texts: m.exportTab.livePreview,
      onClick: () => setDialog("preview"),
    },
    {
      key: "card",
      icon: IdCard,
      texts: m.exportTab.cardPreview,
      onClick: () => setDialog("card"),
    },
    {
      key: "save",
      icon: Save,
      texts: isSaving ? { ...m.exportTab.save, label: m.save.saving } : m.exportTab.save,
      onClick: () => void save(),
      isPrimary: true,
      disabled: isSaving || status !== "ready",
    },
    {
      key: "export",
      icon: Share2,
      texts: m.exportTab.exportPersona,
      onClick: () => setDialog("export"),
    },
    {
      key: "import",
      icon: FileUp,
      texts: m.exportTab.import,
      onClick: () => fileInput.current?.click(),
    },
  ];

  return (
    <div className="relative isolate overflow-clip">
      <div
        className="absolute inset-x-0 top-0 -z-10 h-96 bg-gradient-to-b from-brand-soft via-accent/40 to-transparent"
        aria-hidden="true"
      />
      <div className="mx-auto max-w-5xl px-4 pt-8 pb-20 sm:px-6 lg:px-8">
        <LocaleLink
          to="/"
          className="inline-flex items-center gap-2 rounded-md py-1 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {m.backToHome}
        </LocaleLink>

        <PageHero
          icon={WandSparkles}
          eyebrow={m.hero.eyebrow}
          title={m.hero.title}
          intro={m.hero.intro}
          className="mt-8"
        />

        <div
          className="mt-8 flex flex-col gap-3 rounded-xl border bg-background/80 p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
          data-testid="draft-status"
        >
          <div className="min-w-0 text-sm" role="status">
            <p className="font-medium">
              {status === "loading-persona"
                ? m.draft.loading
                : personaId
                  ? m.draft.editing(persona.name.trim() || m.draft.untitled)
                  : m.draft.newPersona}
            </p>
            <p className={isStorageFailing ? "text-destructive" : "text-muted-foreground"}>
              {isStorageFailing ? m.draft.storageFailed : m.draft.autosaved}
            </p>
            {loadFailed ? <p className="text-destructive">{m.draft.loadFailed}</p> : null}
          </div>
          <Button
            variant="outline"
            size="sm"
            className="self-start sm:self-center"
            onClick={() => setDialog("start-over")}
          >
            <RotateCcw aria-hidden="true" />
            {m.draft.startOver}
          </Button>
        </div>

        <Tabs
          value={activeTab}
          onValueChange={(value) => isTab(value) && setActiveTab(value)}
          className="mt-6"
        >
          <TabsList
            aria-label={m.tabsLabel}
            className="grid h-auto w-full grid-cols-4 gap-1 rounded-xl border bg-background/80 p-1.5 shadow-sm backdrop-blur lg:grid-cols-8"
          >
            {personaBuilderTabs.map((tab) => {
              const Icon = tabIcons[tab];
              return (
                <TabsTrigger
                  key={tab}
                  value={tab}
                  className="min-w-0 flex-col gap-1 whitespace-normal px-1.5 py-2 text-center text-xs leading-tight data-[state=active]:bg-primary data-[state=active]:text-primary-foreground sm:text-sm"
                >
                  <Icon aria-hidden="true" />
                  <span className="w-full truncate">{m.tabs[tab].label}</span>
                </TabsTrigger>
              );
            })}
          </TabsList>

          {personaBuilderTabs.map((tab, tabIndex) => {
            const texts = m.tabs[tab];
            return (
              <TabsContent
                key={tab}
                value={tab}
                className="mt-6 rounded-xl border bg-card p-5 shadow-sm sm:p-8"
              >
                <p className="font-medium text-primary text-sm">
                  {m.step(tabIndex + 1, personaBuilderTabs.length)} · {texts.label}
                </p>
                <h2 className="mt-1 font-semibold text-2xl leading-tight">{texts.title}</h2>
                <p className="mt-2 max-w-2xl text-muted-foreground">{texts.description}</p>
                <div className="mt-6 grid gap-6">
                  {tab === "export" ? (
                    <>
                      <ul className="grid gap-3 sm:grid-cols-2">
                        {exportActions.map(({ key, icon: Icon, texts: action, ...rest }) => (
                          <li key={key}>
                            <Button
                              variant={rest.isPrimary ? "default" : "outline"}
                              className="h-auto w-full justify-start gap-3 whitespace-normal p-4 text-left"
                              onClick={rest.onClick}
                              disabled={rest.disabled}
                            >
                              <Icon aria-hidden="true" className="size-5!" />
                              <span className="grid gap-0.5">
                                <span className="font-semibold">{action.label}</span>
                                <span className="font-normal text-xs opacity-80">
                                  {action.description}
                                </span>
                              </span>
                            </Button>
                          </li>
                        ))}
                      </ul>
                      <input
                        ref={fileInput}
                        type="file"
                        accept=".json,application/json"
                        className="sr-only"
                        tabIndex={-1}
                        aria-label={m.exportTab.import.label}
                        onChange={(event) => void onImportFile(event)}
                      />
                      {importProblem ? (
                        <p
                          role="alert"
                          className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-destructive text-sm"
                        >
                          {importProblem}
                        </p>
                      ) : null}
                    </>
                  ) : (
                    <PersonaTabFields
                      tab={tab}
                      persona={persona}
                      locale={locale}
                      update={updatePersona}
                      m={m}
                    />
                  )}
                </div>
              </TabsContent>
            );
          })}

          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            {previousTab ? (
              <Button variant="outline" onClick={() => setActiveTab(previousTab)}>
                <ChevronLeft aria-hidden="true" />
                {m.previous(m.tabs[previousTab].label)}
              </Button>
            ) : (
              <span className="hidden sm:block" />
            )}
            {nextTab ? (
              <Button onClick={() => setActiveTab(nextTab)}>
                {m.next(m.tabs[nextTab].label)}
                <ChevronRight aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        </Tabs>
      </div>

      <PersonaCardDialog
        open={dialog === "card"}
        onOpenChange={(open) => setDialog(open ? "card" : null)}
        persona={persona}
        locale={locale}
        m={m}
        onPreview={() => setDialog("preview")}
        onEdit={() => {
          setDialog(null);
          setActiveTab("identity");
        }}
      />
      <LivePreviewDialog
        open={dialog === "preview"}
        onOpenChange={(open) => setDialog(open ? "preview" : null)}
        persona={persona}
        locale={locale}
        m={m}
      />
      <ExportPersonaDialog
        open={dialog === "export"}
        onOpenChange={(open) => setDialog(open ? "export" : null)}
        m={m}
        onExportJson={exportJson}
        imageOptions={
          <>
            <ExportOption
              icon={<FileImage aria-hidden="true" />}
              label={m.exportDialog.png.label}
              description={m.exportDialog.png.description}
              onClick={() => void exportCard("png")}
              disabled={exporting !== null}
            />
            <ExportOption
              icon={<FileText aria-hidden="true" />}
              label={m.exportDialog.pdf.label}
              description={m.exportDialog.pdf.description}
              onClick={() => void exportCard("pdf")}
              disabled={exporting !== null}
            />
          </>
        }
        onSubmitToMarketplace={() => void submitToMarketplace()}
        isSubmitting={isSaving}
      />
      <SubmitToMarketplaceDialog
        open={dialog === "marketplace"}
        onOpenChange={(open) => setDialog(open ? "marketplace" : null)}
        personaId={personaId}
        locale={locale}
        defaultLanguage={persona.language}
      />
      <SignInToSaveDialog
        open={dialog === "sign-in"}
        onOpenChange={(open) => setDialog(open ? "sign-in" : null)}
        locale={locale}
        m={m}
      />
      <ConfirmDialog
        open={dialog === "start-over"}
        onOpenChange={(open) => setDialog(open ? "start-over" : null)}
        title={m.draft.startOverTitle}
        description={m.draft.startOverDescription}
        confirmLabel={m.draft.startOverConfirm}
        cancelLabel={m.draft.cancel}
        onConfirm={() => {
          startOver();
          setImportProblem(null);
          setActiveTab("identity");
        }}
      />
      <ConfirmDialog
        open={dialog === "import"}
        onOpenChange={(open) => {
          setDialog(open ? "import" : null);
          if (!open) setPendingImport(null);
        }}
        title={m.importFile.confirmTitle}
        description={m.importFile.confirmDescription(
          pendingImport?.name.trim() || m.draft.untitled,
        )}
        confirmLabel={m.importFile.confirm}
        cancelLabel={m.draft.cancel}
        onConfirm={() => pendingImport && applyImport(pendingImport)}
      />
    </div>
  );
}
