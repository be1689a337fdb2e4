import type { WorkspaceSummaryDto } from "@jai/contracts/inbox";
import { useId, useState } from "react";
import { NativeSelect } from "~/components/ui/native-select";
import { toast } from "~/components/ui/toaster";
import { localizePath } from "~/i18n/locale";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { apiRequest } from "~/lib/api-request";
import { workspaceSwitcherMessages } from "./workspace-switcher-messages";

/**
 * Picks the workspace the console works in, for someone in more than one (their own and the
 * teams they joined). The server remembers the choice in a cookie; the console then opens where
 * that role starts (agents: the inbox).
 */
export function WorkspaceSwitcher({
  current,
  workspaces,
}: {
  current: string;
  workspaces: WorkspaceSummaryDto[];
}) {
  const m = useMessages(workspaceSwitcherMessages);
  const locale = useLocale();
  const id = useId();
  const [isPending, setIsPending] = useState(false);
  if (workspaces.length < 2) return null;

  const onChange = async (workspaceId: string) => {
    setIsPending(true);
    const result = await apiRequest<WorkspaceSummaryDto>("/api/console/workspace/switch", {
      method: "POST",
      body: { workspaceId },
      locale,
    });
    if (result.ok) {
      window.location.assign(
        localizePath(result.data.role === "agent" ? "/app/inbox" : "/app", locale),
      );
      return;
    }
    setIsPending(false);
    toast.error(result.error.message || m.failed);
  };

  return (
    <div className="mb-3 space-y-1 md:mb-4">
      <label htmlFor={id} className="font-medium text-muted-foreground text-xs">
        {m.label}
      </label>
      <NativeSelect
        id={id}
        value={current}
        disabled={isPending}
        onChange={(event) => void onChange(event.target.value)}
        className="h-9 text-sm"
      >
        {workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.name} ({m.roles[workspace.role]})
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
