import { type SimpleIcon, siInstagram, siLine, siMessenger, siTiktok } from "simple-icons";

export type ChannelKey = "line" | "messenger" | "instagram" | "tiktok";

/** The four messaging channels, in the order the hero tiles and the channels section show them. */
export const channels: ReadonlyArray<{ key: ChannelKey; icon: SimpleIcon; shortName: string }> = [
  { key: "line", icon: siLine, shortName: "LINE" },
  { key: "messenger", icon: siMessenger, shortName: "Messenger" },
  { key: "instagram", icon: siInstagram, shortName: "Instagram" },
  { key: "tiktok", icon: siTiktok, shortName: "TikTok" },
];
