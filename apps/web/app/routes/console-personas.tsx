import { data } from "react-router";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { PersonasPage, type PersonasPageData } from "~/features/console/personas-page";
import { requireConsole } from "~/features/console/require-console.server";
import type { Route } from "./+types/console-personas";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request);
  const personas = await console.personas.list(owner.workspaceId);
  return data<PersonasPageData>({ personas }, { headers: consoleHeaders });
}

export const meta: Route.MetaFunction = (args) => consoleMeta("personas", args);
export const headers = () => consoleHeaders;

export default function ConsolePersonasRoute({ loaderData }: Route.ComponentProps) {
  return <PersonasPage data={loaderData} />;
}
