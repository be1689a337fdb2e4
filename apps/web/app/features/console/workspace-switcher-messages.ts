import type { Bilingual } from "~/i18n/use-locale";

const en = {
  label: "Workspace",
  roles: { owner: "owner", admin: "admin", agent: "agent" },
  failed: "Could not switch the workspace. Please try again.",
};

const th: typeof en = {
  label: "เวิร์กสเปซ",
  roles: { owner: "เจ้าของ", admin: "ผู้ดูแล", agent: "เจ้าหน้าที่" },
  failed: "สลับเวิร์กสเปซไม่สำเร็จ กรุณาลองอีกครั้ง",
};

export const workspaceSwitcherMessages: Bilingual<typeof en> = { en, th };
