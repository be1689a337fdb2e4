import { data } from "react-router";
import { consoleHeaders } from "~/features/console/console-meta";
import { consoleMessages } from "~/features/console/messages";
import { requireConsole } from "~/features/console/require-console.server";
import { useMessages } from "~/i18n/use-locale";
import type { Route } from "./+types/console-settings";

// Placeholder while the page is built (issue 14).
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConsole(context, request, "admin");
  return data({}, { headers: consoleHeaders });
}

export const headers = () => consoleHeaders;

export default function ConsoleSettingsRoute() {
  const m = useMessages(consoleMessages);
  return <h1 className="font-semibold text-2xl">{m.nav.settings}</h1>;
}
