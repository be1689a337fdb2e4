import { LocaleLink } from "~/components/layout/locale-link";
import { useMessages } from "~/i18n/use-locale";
import { apiDocsMessages } from "./messages";
import { type ApiOperation, listOperations, type OpenApiDocument } from "./openapi";

const methodColours: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-rose-100 text-rose-900",
};

/** The readable reference of /api/v1, rendered from its OpenAPI document. */
export function ApiDocsPage({ document }: { document: OpenApiDocument | null }) {
  const m = useMessages(apiDocsMessages);
  const baseUrl = document?.servers[0]?.url ?? "";
  const operations = document ? listOperations(document) : [];
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{m.title}</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{m.intro}</p>

      <dl className="mt-8 grid gap-6 sm:grid-cols-2">
        <div className="rounded-lg border p-4">
          <dt className="font-semibold">{m.baseUrl}</dt>
          <dd className="mt-2 break-all font-mono text-sm">{baseUrl || "…/api/v1"}</dd>
          <dd className="mt-2 text-sm">
            <a className="text-brand underline underline-offset-4" href="/api/v1/openapi.json">
              {m.openApi}
            </a>
          </dd>
        </div>
        <div className="rounded-lg border p-4">
          <dt className="font-semibold">{m.authTitle}</dt>
          <dd className="mt-2 text-sm">{m.auth}</dd>
          <dd className="mt-2 text-sm">
            <LocaleLink className="text-brand underline underline-offset-4" to="/app/api-keys">
              {m.authKeysLink}
            </LocaleLink>
          </dd>
        </div>
        <div className="rounded-lg border p-4">
          <dt className="font-semibold">{m.errorsTitle}</dt>
          <dd className="mt-2 text-sm">{m.errors}</dd>
        </div>
        <div className="rounded-lg border p-4">
          <dt className="font-semibold">{m.pagingTitle}</dt>
          <dd className="mt-2 text-sm">{m.paging}</dd>
        </div>
      </dl>

      {!document ? (
        <p className="mt-10 rounded-lg border border-destructive p-4" role="alert">
          {m.unavailable}
        </p>
      ) : (
        <>
          <nav aria-label={m.contents} className="mt-10">
            <h2 className="font-semibold text-xl">{m.contents}</h2>
            <ul className="mt-3 grid gap-1 sm:grid-cols-2">
              {operations.map((operation) => (
                <li key={operation.id}>
                  <a className="flex gap-2 text-sm hover:underline" href={`#${operation.id}`}>
                    <span className="w-14 shrink-0 font-mono text-xs leading-5">
                      {operation.method}
                    </span>
                    <span className="break-all font-mono">{operation.path}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {tags.map((tag) => (
            <section key={tag} className="mt-12" aria-labelledby={`tag-${tag}`}>
              <h2 id={`tag-${tag}`} className="border-b pb-2 font-bold text-2xl">
                {m.tags[tag] ?? tag}
              </h2>
              {operations
                .filter((operation) => operation.tag === tag)
                .map((operation) => (
                  <Operation key={operation.id} operation={operation} baseUrl={baseUrl} />
                ))}
            </section>
          ))}
        </>
      )}
    </div>
  );
}

function Operation({ operation, baseUrl }: { operation: ApiOperation; baseUrl: string }) {
  const m = useMessages(apiDocsMessages);
  return (
    <article id={operation.id} className="mt-8 scroll-mt-24">
      <h3 className="font-semibold text-lg">{operation.summary}</h3>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <span
          className={`rounded px-2 py-0.5 font-mono font-semibold text-xs ${methodColours[operation.method] ?? ""}`}
        >
          {operation.method}
        </span>
        <code className="break-all font-mono text-sm">{operation.path}</code>
      </p>
      {operation.description ? (
        <p className="mt-2 text-muted-foreground text-sm">
          <InlineCode text={operation.description} />
        </p>
      ) : null}
      {operation.parameters.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <h4 className="font-medium text-sm">{m.parameters}</h4>
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                <th className="py-1 pr-3 font-medium">{m.name}</th>
                <th className="py-1 pr-3 font-medium">{m.location}</th>
                <th className="py-1 pr-3 font-medium">{m.required}</th>
                <th className="py-1 font-medium">{m.description}</th>
              </tr>
            </thead>
            <tbody>
              {operation.parameters.map((parameter) => (
                <tr key={`${parameter.in}-${parameter.name}`} className="border-b align-top">
                  <td className="py-1 pr-3 font-mono">{parameter.name}</td>
                  <td className="py-1 pr-3">{parameter.in}</td>
                  <td className="py-1 pr-3">{parameter.required ? m.yes : m.no}</td>
                  <td className="py-1 text-muted-foreground">{parameter.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {operation.bodyFields.length > 0 ? (
        <div className="mt-4">
          <h4 className="font-medium text-sm">{m.body}</h4>
          <ul className="mt-2 space-y-1 text-sm">
            {operation.bodyFields.map((field) => (
              <li key={field.name}>
                <code className="font-mono">{field.name}</code>{" "}
                <span className="text-muted-foreground">
                  {field.type}
                  {field.required ? ` · ${m.required}` : ""}
                  {field.description ? " · " : ""}
                  <InlineCode text={field.description} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-4">
        <h4 className="font-medium text-sm">{m.responses}</h4>
        <ul className="mt-2 space-y-1 text-sm">
          {operation.responses.map((response) => (
            <li key={response.status}>
              <code className="font-mono">{response.status}</code>{" "}
              <span className="text-muted-foreground">
                <InlineCode text={response.description} />
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4">
        <h4 className="font-medium text-sm">{m.example}</h4>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-muted p-3 text-xs">
          <code>{operation.curl(baseUrl)}</code>
        </pre>
      </div>
    </article>
  );
}

/** Text with `backticked` parts shown as code (the document's descriptions use them). */
function InlineCode({ text }: { text: string }) {
  return text.split("`").map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
      <code key={index} className="rounded bg-muted px-1 font-mono text-xs">
        {part}
      </code>
    ) : (
      part
    ),
  );
}
