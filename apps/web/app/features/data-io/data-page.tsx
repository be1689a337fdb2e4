import { useMessages } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { ExportSection } from "./export-section";
import { ImportSection } from "./import-section";
import { dataMessages } from "./messages";
import { SheetsSection } from "./sheets-section";

export type DataPageData = {
  bots: { id: string; name: string }[];
  /** The plan has exports (deep analytics: Business and Enterprise). */
  canExport: boolean;
};

/**
 * /app/data: the workspace's data in and out. Export (a download link with the filters), import
 * (a file checked row by row before anything is written) and Google Sheets (links to sheets the
 * service account can open).
 */
export function DataPage({ data }: { data: DataPageData }) {
  const m = useMessages(dataMessages);
  return (
    <div className="flex min-w-0 flex-col gap-6" data-testid="data-page">
      <header>
        <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">
          {keepThaiWords(m.title)}
        </h1>
        <p className="mt-1 text-muted-foreground">{keepThaiWords(m.intro)}</p>
      </header>
      {data.bots.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-muted-foreground text-sm">
          {keepThaiWords(m.noBots)}
        </p>
      ) : null}
      <ExportSection m={m} bots={data.bots} canExport={data.canExport} />
      {data.bots.length > 0 ? <ImportSection m={m} bots={data.bots} /> : null}
      <SheetsSection m={m} bots={data.bots} />
    </div>
  );
}
