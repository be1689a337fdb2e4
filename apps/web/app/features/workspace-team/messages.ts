import { inboxLimits } from "@jai/contracts/inbox";
import type { Bilingual } from "~/i18n/use-locale";

type Role = "owner" | "admin" | "agent";

export const en = {
  meta: {
    invite: { title: "Team invitation", description: "Join a team's inbox." },
  },
  common: {
    cancel: "Cancel",
    networkError: "Could not reach the server. Check your connection and try again.",
    unknownError: "Something went wrong. Please try again.",
  },
  roles: { owner: "Owner", admin: "Admin", agent: "Agent" } satisfies Record<Role, string>,
  roleHelp: {
    owner: "The account the workspace belongs to: everything, billing included.",
    admin: "Everything but billing and deleting the workspace.",
    agent: "The inbox and the contacts of the workspace's bots, nothing else.",
  } satisfies Record<Role, string>,
  languages: { en: "English", th: "Thai" },
  team: {
    title: "Team",
    intro: "Invite teammates to answer customers in the inbox, and choose what each may do.",
    seats: (used: number, limit: number | null) =>
      limit === null ? `${used} seats used (unlimited)` : `${used} of ${limit} seats used`,
    seatsHint: "Seats count teammates and invitations still waiting.",
    seatsFull: "Every seat of your plan is taken. Upgrade your plan to invite more teammates.",
    seePlans: "See plans",
  },
  invite: {
    title: "Invite a teammate",
    email: "Email",
    emailPlaceholder: "name@example.com",
    role: "Role",
    language: "Language of the email",
    submit: "Send invitation",
    sending: "Sending...",
    sent: (email: string) => `Invitation sent to ${email}.`,
    expiresNote: `The link works for ${inboxLimits.invitationDays} days and only once.`,
  },
  members: {
    title: "Members",
    you: "you",
    joined: "Joined",
    roleOf: (name: string) => `Role of ${name}`,
    roleChanged: (name: string, role: string) => `${name} is now: ${role}.`,
    remove: "Remove",
    leave: "Leave the team",
    removeTitle: (name: string) => `Remove ${name} from the team?`,
    removeText:
      "They lose access at once. The conversations they were answering wait for a teammate again.",
    leaveTitle: "Leave this team?",
    leaveText:
      "You lose access to its inbox at once. The conversations you were answering wait for a teammate again.",
    removing: "Removing...",
    removed: (name: string) => `${name} left the team.`,
  },
  invitations: {
    title: "Waiting invitations",
    empty: "No invitation is waiting.",
    invitedBy: (name: string) => `Invited by ${name}`,
    expires: "Expires",
    expired: "Expired",
    resend: "Send again",
    resent: (email: string) => `Sent again to ${email} with a new link.`,
    revoke: "Revoke",
    revokeTitle: (email: string) => `Revoke the invitation to ${email}?`,
    revokeText: "Its link stops working. You can invite the address again later.",
    revoking: "Revoking...",
    revoked: (email: string) => `Invitation to ${email} revoked.`,
  },
  /** What the API's field codes mean on this page. */
  issues: {
    member: "This person is already in the team.",
    invited: "An invitation to this address is already waiting. Send it again from the list.",
    invalidEmail: "Enter a valid email address.",
    owner: "The owner's role cannot change, and the owner cannot be removed.",
  },
  invitePage: {
    title: (workspace: string) => `Join ${workspace}`,
    intro: (inviter: string | null, workspace: string) =>
      inviter
        ? `${inviter} invited you to the team of ${workspace}.`
        : `You are invited to the team of ${workspace}.`,
    role: "Your role",
    sentTo: "Invited address",
    expiresOn: "The link works until",
    signedOut:
      "Sign in, or create an account with the invited address, to join. You come back here after.",
    signIn: "Sign in",
    signUp: "Create an account",
    signedInAs: (email: string) => `Signed in as ${email}.`,
    join: (workspace: string) => `Join ${workspace}`,
    joining: "Joining...",
    mismatch: {
      title: "Signed in with another address",
      text: (signedIn: string, invited: string) =>
        `You are signed in as ${signedIn}, but this invitation was sent to ${invited}. Sign out, then sign in or create an account with the invited address.`,
      signOut: "Sign out",
    },
    unverified:
      "Confirm your email address first (open the link we emailed when you created your account): a team only admits addresses that are confirmed.",
    refused: {
      expired: {
        title: "This invitation has expired",
        text: "Ask the person who invited you to send it again.",
      },
      revoked: {
        title: "This invitation was revoked",
        text: "Ask the team for a new invitation if you should still join.",
      },
      accepted: {
        title: "This invitation was used already",
        text: "Each link works once. If you joined, the team is in your console.",
      },
      seats: {
        title: "The team is full",
        text: "Every seat of the team's plan is taken. Ask the person who invited you.",
      },
    },
    toConsole: "Open the console",
  },
};

export type WorkspaceTeamMessages = typeof en;

export const th: WorkspaceTeamMessages = {
  meta: {
    invite: { title: "คำเชิญเข้าร่วมทีม", description: "เข้าร่วมกล่องข้อความของทีม" },
  },
  common: {
    cancel: "ยกเลิก",
    networkError: "ติดต่อเซิร์ฟเวอร์ไม่ได้ กรุณาตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง",
    unknownError: "เกิดข้อผิดพลาดบางอย่าง กรุณาลองอีกครั้ง",
  },
  roles: { owner: "เจ้าของ", admin: "ผู้ดูแล", agent: "เจ้าหน้าที่" },
  roleHelp: {
    owner: "บัญชีที่เป็นเจ้าของเวิร์กสเปซ ทำได้ทุกอย่างรวมถึงการชำระเงิน",
    admin: "ทำได้ทุกอย่าง ยกเว้นการชำระเงินและการลบเวิร์กสเปซ",
    agent: "ใช้ได้เฉพาะกล่องข้อความและผู้ติดต่อของบอทในเวิร์กสเปซ",
  },
  languages: { en: "อังกฤษ", th: "ไทย" },
  team: {
    title: "ทีม",
    intro: "เชิญสมาชิกทีมมาช่วยตอบลูกค้าในกล่องข้อความ และเลือกว่าแต่ละคนทำอะไรได้บ้าง",
    seats: (used, limit) =>
      limit === null ? `ใช้ไป ${used} ที่นั่ง (ไม่จำกัด)` : `ใช้ไป ${used} จาก ${limit} ที่นั่ง`,
    seatsHint: "ที่นั่งนับรวมสมาชิกทีมและคำเชิญที่ยังรอตอบรับ",
    seatsFull: "ที่นั่งของแพ็กเกจเต็มแล้ว อัปเกรดแพ็กเกจเพื่อเชิญสมาชิกทีมเพิ่ม",
    seePlans: "ดูแพ็กเกจ",
  },
  invite: {
    title: "เชิญสมาชิกทีม",
    email: "อีเมล",
    emailPlaceholder: "name@example.com",
    role: "บทบาท",
    language: "ภาษาของอีเมล",
    submit: "ส่งคำเชิญ",
    sending: "กำลังส่ง...",
    sent: (email) => `ส่งคำเชิญไปที่ ${email} แล้ว`,
    expiresNote: `ลิงก์ใช้ได้ ${inboxLimits.invitationDays} วันและใช้ได้เพียงครั้งเดียว`,
  },
  members: {
    title: "สมาชิกทีม",
    you: "คุณ",
    joined: "เข้าร่วมเมื่อ",
    roleOf: (name) => `บทบาทของ ${name}`,
    roleChanged: (name, role) => `${name} มีบทบาทเป็น${role}แล้ว`,
    remove: "นำออก",
    leave: "ออกจากทีม",
    removeTitle: (name) => `นำ ${name} ออกจากทีมใช่ไหม`,
    removeText: "ผู้นี้จะเข้าถึงทีมไม่ได้ทันที บทสนทนาที่ผู้นี้ดูแลอยู่จะกลับไปรอเจ้าหน้าที่อีกครั้ง",
    leaveTitle: "ออกจากทีมนี้ใช่ไหม",
    leaveText: "คุณจะเข้าถึงกล่องข้อความของทีมไม่ได้ทันที บทสนทนาที่คุณดูแลอยู่จะกลับไปรอเจ้าหน้าที่อีกครั้ง",
    removing: "กำลังนำออก...",
    removed: (name) => `${name} ออกจากทีมแล้ว`,
  },
  invitations: {
    title: "คำเชิญที่รอตอบรับ",
    empty: "ไม่มีคำเชิญที่รอตอบรับ",
    invitedBy: (name) => `เชิญโดย ${name}`,
    expires: "หมดอายุ",
    expired: "หมดอายุแล้ว",
    resend: "ส่งอีกครั้ง",
    resent: (email) => `ส่งอีกครั้งไปที่ ${email} พร้อมลิงก์ใหม่แล้ว`,
    revoke: "ยกเลิกคำเชิญ",
    revokeTitle: (email) => `ยกเลิกคำเชิญที่ส่งถึง ${email} ใช่ไหม`,
    revokeText: "ลิงก์ของคำเชิญจะใช้ไม่ได้อีก คุณเชิญอีเมลนี้ใหม่ได้ภายหลัง",
    revoking: "กำลังยกเลิก...",
    revoked: (email) => `ยกเลิกคำเชิญที่ส่งถึง ${email} แล้ว`,
  },
  issues: {
    member: "ผู้นี้อยู่ในทีมแล้ว",
    invited: "มีคำเชิญที่ส่งถึงอีเมลนี้รอตอบรับอยู่แล้ว ส่งอีกครั้งได้จากรายการ",
    invalidEmail: "กรุณากรอกอีเมลที่ถูกต้อง",
    owner: "เปลี่ยนบทบาทของเจ้าของไม่ได้ และนำเจ้าของออกจากทีมไม่ได้",
  },
  invitePage: {
    title: (workspace) => `เข้าร่วม ${workspace}`,
    intro: (inviter, workspace) =>
      inviter
        ? `${inviter} เชิญคุณเข้าร่วมทีมของ ${workspace}`
        : `คุณได้รับคำเชิญให้เข้าร่วมทีมของ ${workspace}`,
    role: "บทบาทของคุณ",
    sentTo: "อีเมลที่ได้รับเชิญ",
    expiresOn: "ลิงก์ใช้ได้ถึง",
    signedOut: "เข้าสู่ระบบ หรือสร้างบัญชีด้วยอีเมลที่ได้รับเชิญเพื่อเข้าร่วม แล้วระบบจะพาคุณกลับมาที่หน้านี้",
    signIn: "เข้าสู่ระบบ",
    signUp: "สร้างบัญชี",
    signedInAs: (email) => `เข้าสู่ระบบในชื่อ ${email}`,
    join: (workspace) => `เข้าร่วม ${workspace}`,
    joining: "กำลังเข้าร่วม...",
    mismatch: {
      title: "คุณเข้าสู่ระบบด้วยอีเมลอื่น",
      text: (signedIn, invited) =>
        `คุณเข้าสู่ระบบในชื่อ ${signedIn} แต่คำเชิญนี้ส่งถึง ${invited} กรุณาออกจากระบบ แล้วเข้าสู่ระบบหรือสร้างบัญชีด้วยอีเมลที่ได้รับเชิญ`,
      signOut: "ออกจากระบบ",
    },
    unverified: "กรุณายืนยันอีเมลของคุณก่อน (เปิดลิงก์ที่เราส่งไปตอนสร้างบัญชี) ทีมรับเฉพาะอีเมลที่ยืนยันแล้ว",
    refused: {
      expired: {
        title: "คำเชิญนี้หมดอายุแล้ว",
        text: "ขอให้ผู้ที่เชิญคุณส่งคำเชิญอีกครั้ง",
      },
      revoked: {
        title: "คำเชิญนี้ถูกยกเลิกแล้ว",
        text: "หากคุณยังควรเข้าร่วม ขอคำเชิญใหม่จากทีม",
      },
      accepted: {
        title: "คำเชิญนี้ถูกใช้ไปแล้ว",
        text: "แต่ละลิงก์ใช้ได้ครั้งเดียว หากคุณเข้าร่วมแล้ว ทีมจะอยู่ในคอนโซลของคุณ",
      },
      seats: {
        title: "ทีมเต็มแล้ว",
        text: "ที่นั่งในแพ็กเกจของทีมเต็มแล้ว กรุณาติดต่อผู้ที่เชิญคุณ",
      },
    },
    toConsole: "ไปที่คอนโซล",
  },
};

export const workspaceTeamMessages: Bilingual<WorkspaceTeamMessages> = { en, th };
