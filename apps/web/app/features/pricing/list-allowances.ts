import type { PlanAllowances } from "@jai/contracts";
import type { PricingMessages } from "./messages";

/** The card's "what's included" lines, in display order, from a plan's allowances. */
export function listAllowances(
  allowances: PlanAllowances,
  messages: PricingMessages["allowances"],
  formatCount: (count: number) => string,
): string[] {
  const { bots, channels, usersPerMonth } = allowances;
  const lines = [
    bots === "unlimited" ? messages.unlimitedBots : messages.bots(bots, formatCount(bots)),
    channels === "unlimited"
      ? messages.unlimitedChannels
      : messages.channels(channels, formatCount(channels)),
    usersPerMonth === "unlimited"
      ? messages.unlimitedUsersPerMonth
      : messages.usersPerMonth(formatCount(usersPerMonth)),
    allowances.knowledgeBase === "unlimited"
      ? messages.unlimitedKnowledgeBase
      : messages.knowledgeBase,
  ];
  const analytics = {
    none: undefined,
    basic: messages.basicAnalytics,
    deep: messages.deepAnalytics,
    predictive: messages.predictiveAnalytics,
  }[allowances.analytics];
  if (analytics) lines.push(analytics);
  lines.push(
    allowances.marketplace === "full" ? messages.fullMarketplace : messages.limitedMarketplace,
  );
  if (allowances.integrations === "custom") lines.push(messages.customIntegrations);
  if (allowances.crmAlerts) lines.push(messages.crmAlerts);
  if (allowances.whiteLabel) lines.push(messages.whiteLabel);
  if (allowances.onsiteSupport) lines.push(messages.onsiteSupport);
  return lines;
}
