/**
 * The time zones the settings page offers (IANA names, language-neutral), Bangkok first; a
 * workspace's saved zone is added when it is not one of them.
 */
export const commonTimeZones = [
  "Asia/Bangkok",
  "Asia/Yangon",
  "Asia/Vientiane",
  "Asia/Phnom_Penh",
  "Asia/Ho_Chi_Minh",
  "Asia/Kuala_Lumpur",
  "Asia/Singapore",
  "Asia/Jakarta",
  "Asia/Manila",
  "Asia/Hong_Kong",
  "Asia/Shanghai",
  "Asia/Taipei",
  "Asia/Tokyo",
  "Asia/Seoul",
  "Asia/Kolkata",
  "Asia/Dubai",
  "Australia/Sydney",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "America/New_York",
  "America/Chicago",
  "America/Los_Angeles",
  "UTC",
] as const;

/** The list for a select: the common zones, and `current` first if it is another one. */
export function timeZoneOptions(current: string): string[] {
  const list: string[] = [...commonTimeZones];
  return list.includes(current) ? list : [current, ...list];
}
