import type { MarketplaceStatus } from "@jai/contracts/marketplace";
import { Badge } from "~/components/ui/badge";
import { useMessages } from "~/i18n/use-locale";
import { marketplaceMessages } from "./messages";

const variants = { pending: "outline", approved: "success", rejected: "secondary" } as const;

export function ListingStatusBadge({ status }: { status: MarketplaceStatus }) {
  const m = useMessages(marketplaceMessages);
  return (
    <Badge variant={variants[status]} data-testid="listing-status" data-status={status}>
      {m.statuses[status]}
    </Badge>
  );
}
