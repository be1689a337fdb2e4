import type { AccountIssueKind } from "@jai/contracts/accounts";
import { planNames } from "~/i18n/plan-names";
import type { Bilingual } from "~/i18n/use-locale";

type Meta = { title: string; description: string };
type EmailText = {
  subject: (brand: string) => string;
  body: (input: { brand: string; name: string; link: string; hours: number }) => string;
};

export const en = {
  meta: {
    signIn: {
      title: "Sign in",
      description: "Sign in to your account to manage your personas, bots and conversations.",
    },
    signUp: {
      title: "Create your account",
      description: "Create an account to build personas, run bots and see their conversations.",
    },
    verifyEmail: { title: "Verify your email", description: "Confirm your email address." },
    forgotPassword: {
      title: "Forgot your password?",
      description: "Get a link to choose a new password.",
    },
    resetPassword: { title: "Choose a new password", description: "Set a new password." },
    account: { title: "Your account", description: "Profile, security and signed-in devices." },
  } satisfies Record<string, Meta>,
  fields: {
    name: "Your name",
    email: "Email",
    password: "Password",
    newPassword: "New password",
    confirmPassword: "Confirm the new password",
    currentPassword: "Current password",
    totpCode: "6-digit code",
    backupCode: "Backup code",
    newEmail: "New email address",
  },
  placeholders: {
    name: "Somchai Jaidee",
    email: "you@example.com",
    totpCode: "123456",
    backupCode: "abcde-12345",
  },
  showPassword: "Show password",
  hidePassword: "Hide password",
  needsJavaScript: "This page needs JavaScript. Please turn it on and reload the page.",
  issues: {
    missing: "This field is required.",
    invalidEmail: "Enter a valid email address, like name@example.com.",
    tooLong: "This is too long.",
    passwordTooShort: "Use at least 8 characters.",
    passwordTooLong: "Use at most 128 characters.",
    passwordMismatch: "The two passwords are not the same.",
    invalidCode: "Enter the code exactly as shown.",
    invalidText: "Remove the invisible control characters from this field.",
  } satisfies Record<AccountIssueKind, string>,
  passwordHints: {
    rule: "8 to 128 characters. A longer passphrase is stronger than a short, complex one.",
    strengthLabel: "Strength:",
    strength: ["Too short", "Weak", "Fair", "Good", "Strong"],
  },
  plans: planNames.en,
  signIn: {
    title: "Welcome back",
    intro: (brand: string) => `Sign in to your ${brand} account.`,
    submit: "Sign in",
    submitting: "Signing in...",
    forgotPassword: "Forgot your password?",
    noAccount: "New here?",
    createAccount: "Create an account",
    unverified:
      "Please verify your email address first. We have sent you a new link: open it, then sign in.",
    signedOutNotice: "You have been signed out.",
    twoFactor: {
      title: "Two-step verification",
      intro: "Enter the 6-digit code from your authenticator app.",
      backupIntro: "Enter one of the backup codes you saved. Each code works once.",
      verify: "Verify",
      verifying: "Checking...",
      useBackupCode: "Use a backup code instead",
      useApp: "Use your authenticator app instead",
      startOver: "Sign in with another account",
    },
  },
  signUp: {
    title: "Create your account",
    intro: (brand: string) => `Build personas, run bots and see every conversation in ${brand}.`,
    planNotice: (plan: string) => `Chosen plan: ${plan}`,
    submit: "Create account",
    submitting: "Creating your account...",
    haveAccount: "Already have an account?",
    signIn: "Sign in",
    termsBefore: "By creating an account you accept the",
    termsLink: "Terms of Service",
    termsMiddle: "and the",
    privacyLink: "Privacy Policy",
    termsAfter: ".",
    checkEmail: {
      title: "Check your email",
      text: (email: string) =>
        `If ${email} can be used for a new account, we have sent a link to it to verify the address. Open it, then sign in.`,
      resend: "Send the link again",
      resent: "If the address needs verifying, a new link is on its way.",
    },
  },
  verifyEmail: {
    checking: "Checking your link...",
    verified: {
      title: "Your email is verified",
      text: "Thank you. You can now sign in to your account.",
    },
    changeConfirmed: {
      title: "Change confirmed",
      text: "We have sent a link to your new address. Open it to finish the change.",
    },
    changed: {
      title: "Your email address has changed",
      text: (email: string) => `From now on, sign in with ${email}.`,
    },
    invalid: {
      title: "This link does not work",
      text: "It may have expired or already been used. Ask for a new one below.",
    },
    resend: {
      title: "Need a new link?",
      text: "Enter the email address you signed up with.",
      submit: "Send a new link",
      sent: "If that address has an account waiting for verification, a new link is on its way.",
    },
    toSignIn: "Go to sign in",
    toAccount: "Go to the console",
  },
  forgotPassword: {
    title: "Forgot your password?",
    intro: "Enter your email address and we will send you a link to choose a new password.",
    submit: "Send the link",
    submitting: "Sending...",
    sent: "If an account exists for that email, we've sent a link to reset the password. It works for one hour.",
    back: "Back to sign in",
  },
  resetPassword: {
    title: "Choose a new password",
    intro: "You will be signed out everywhere once it is changed.",
    submit: "Change password",
    submitting: "Changing...",
    done: "Your password has been changed. Sign in with the new one.",
    missingToken: "This page needs the link from the email we sent you.",
    requestNew: "Ask for a new link",
  },
  account: {
    title: "Your account",
    intro: "Manage your profile, security and the devices you are signed in on.",
    signOut: "Sign out",
    signingOut: "Signing out...",
    save: "Save",
    saving: "Saving...",
    cancel: "Cancel",
    profile: {
      title: "Profile",
      saved: "Your name has been saved.",
    },
    email: {
      title: "Email address",
      current: (email: string) => `You sign in with ${email}.`,
      unverifiedBadge: "Not verified",
      change: "Change email",
      sent: (email: string) =>
        `To protect your account, we have sent a link to ${email}. Open it to approve the change; then we will send a link to the new address.`,
    },
    password: {
      title: "Password",
      intro: "Other devices are signed out when you change it.",
      change: "Change password",
      changed: "Your password has been changed. Other devices have been signed out.",
    },
    twoFactor: {
      title: "Two-step verification",
      on: "On",
      off: "Off",
      introOff: "Protect your account with a code from an authenticator app each time you sign in.",
      introOn: "Signing in asks for a code from your authenticator app.",
      enable: "Turn on",
      confirmPassword: "Enter your password to continue.",
      continue: "Continue",
      scan: (brand: string) =>
        `Scan this QR code with your authenticator app, or enter the key by hand. It will show codes for ${brand}.`,
      qrAlt: "QR code to add the account to an authenticator app",
      manualKey: "Key to enter by hand",
      enterCode: "Then enter the 6-digit code the app shows.",
      verify: "Verify and turn on",
      enabled: "Two-step verification is on.",
      backupTitle: "Your backup codes",
      backupIntro:
        "Each code signs you in once if you lose your phone. Save them somewhere safe now: they are shown only this once.",
      copy: "Copy codes",
      copied: "Copied",
      savedThem: "I have saved them",
      regenerate: "New backup codes",
      regenerateIntro: "The old codes stop working.",
      disable: "Turn off",
      disableIntro: "Enter your password to turn two-step verification off.",
      disabled: "Two-step verification is off.",
    },
    sessions: {
      title: "Where you are signed in",
      intro: "Sign out of devices you do not recognise.",
      thisDevice: "This device",
      unknownDevice: "Unknown browser",
      signedIn: "Signed in",
      lastActive: "Last active",
      revoke: "Sign out",
      revokeOthers: "Sign out all other devices",
      revoked: "That device has been signed out.",
      revokedOthers: "All other devices have been signed out.",
      onlyThis: "You are signed in only on this device.",
    },
    danger: {
      title: "Delete account",
      intro:
        "This deletes your account, your personas and your bots with their conversations. It cannot be undone.",
      confirmLabel: (word: string) => `Type ${word} to confirm`,
      confirmWord: "DELETE",
      submit: "Delete my account",
      deleting: "Deleting...",
      deleted: "Your account has been deleted.",
    },
  },
  errors: {
    invalidCredentials: "Invalid email or password.",
    invalidPassword: "That password is not correct.",
    invalidCode: "That code is not valid. Wait for the next one and try again.",
    invalidBackupCode: "That backup code is not valid or was already used.",
    challengeExpired: "Your sign-in took too long. Please sign in again.",
    invalidLink: "This link is invalid or has expired.",
    sessionExpired: "Please sign in again to continue.",
    emailUnchanged: "That is already your email address.",
    alreadyEnabled: "Two-step verification is already on.",
    tooManyAttempts: (minutes: number) =>
      `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    invalidInput: "Some fields are missing or invalid.",
    network: "We could not reach the server. Check your connection and try again.",
    generic: "Something went wrong. Please try again.",
    wrongAddress: (host: string) =>
      `This page was opened at another address than the server's. Open it at ${host} and try again.`,
  },
  emails: {
    signature: (brand: string) => `The ${brand} team`,
    ignore: "If you did not ask for this, you can ignore this email.",
    verifyEmail: {
      subject: (brand) => `Verify your email for ${brand}`,
      body: ({ brand, name, link, hours }) =>
        `Hello ${name},\n\nWelcome to ${brand}! Please confirm your email address by opening this link:\n\n${link}\n\nThe link works for ${hours} hours.`,
    },
    changeEmailConfirm: {
      subject: (brand) => `Approve the change of your ${brand} email address`,
      body: ({ brand, name, link, hours }) =>
        `Hello ${name},\n\nSomeone signed in to your ${brand} account asked to change its email address. To approve it, open this link:\n\n${link}\n\nWe will then send a link to the new address. The link works for ${hours} hours. If this was not you, change your password now.`,
    },
    changeEmailVerify: {
      subject: (brand) => `Confirm your new email address for ${brand}`,
      body: ({ brand, name, link, hours }) =>
        `Hello ${name},\n\nOpen this link to make this address the email of your ${brand} account:\n\n${link}\n\nThe link works for ${hours} hours.`,
    },
    resetPassword: {
      subject: (brand) => `Reset your ${brand} password`,
      body: ({ brand, name, link, hours }) =>
        `Hello ${name},\n\nWe received a request to reset the password of your ${brand} account. Choose a new password here:\n\n${link}\n\nThe link works for ${hours} hour${hours === 1 ? "" : "s"} and only once.`,
    },
    existingAccount: {
      subject: (brand) => `Someone tried to create a ${brand} account with your email`,
      body: ({ brand, name, link }) =>
        `Hello ${name},\n\nSomeone tried to create a new ${brand} account with this email address, which already has an account. If it was you, sign in instead, or reset your password if you forgot it:\n\n${link}`,
    },
  } satisfies Record<string, unknown> &
    Record<
      | "verifyEmail"
      | "changeEmailConfirm"
      | "changeEmailVerify"
      | "resetPassword"
      | "existingAccount",
      EmailText
    >,
};

export type AccountMessages = typeof en;

export const th: AccountMessages = {
  meta: {
    signIn: {
      title: "เข้าสู่ระบบ",
      description: "เข้าสู่ระบบบัญชีของคุณเพื่อจัดการเพอร์โซนา บอท และบทสนทนา",
    },
    signUp: {
      title: "สร้างบัญชีของคุณ",
      description: "สร้างบัญชีเพื่อสร้างเพอร์โซนา เปิดใช้บอท และดูบทสนทนาทั้งหมด",
    },
    verifyEmail: { title: "ยืนยันอีเมลของคุณ", description: "ยืนยันที่อยู่อีเมลของคุณ" },
    forgotPassword: {
      title: "ลืมรหัสผ่าน?",
      description: "รับลิงก์สำหรับตั้งรหัสผ่านใหม่",
    },
    resetPassword: { title: "ตั้งรหัสผ่านใหม่", description: "ตั้งรหัสผ่านใหม่ของคุณ" },
    account: {
      title: "บัญชีของคุณ",
      description: "ข้อมูลส่วนตัว ความปลอดภัย และอุปกรณ์ที่เข้าสู่ระบบอยู่",
    },
  },
  fields: {
    name: "ชื่อของคุณ",
    email: "อีเมล",
    password: "รหัสผ่าน",
    newPassword: "รหัสผ่านใหม่",
    confirmPassword: "ยืนยันรหัสผ่านใหม่",
    currentPassword: "รหัสผ่านปัจจุบัน",
    totpCode: "รหัส 6 หลัก",
    backupCode: "รหัสสำรอง",
    newEmail: "อีเมลใหม่",
  },
  placeholders: {
    name: "สมชาย ใจดี",
    email: "you@example.com",
    totpCode: "123456",
    backupCode: "abcde-12345",
  },
  showPassword: "แสดงรหัสผ่าน",
  hidePassword: "ซ่อนรหัสผ่าน",
  needsJavaScript: "หน้านี้ต้องใช้จาวาสคริปต์ กรุณาเปิดใช้งานแล้วโหลดหน้าใหม่",
  issues: {
    missing: "กรุณากรอกข้อมูลช่องนี้",
    invalidEmail: "กรุณากรอกอีเมลให้ถูกต้อง เช่น name@example.com",
    tooLong: "ข้อความยาวเกินไป",
    passwordTooShort: "รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร",
    passwordTooLong: "รหัสผ่านต้องไม่เกิน 128 ตัวอักษร",
    passwordMismatch: "รหัสผ่านทั้งสองช่องไม่ตรงกัน",
    invalidCode: "กรุณากรอกรหัสให้ตรงตามที่แสดง",
    invalidText: "กรุณาลบอักขระควบคุมที่มองไม่เห็นออกจากช่องนี้",
  },
  passwordHints: {
    rule: "ความยาว 8 ถึง 128 ตัวอักษร วลียาว ๆ ปลอดภัยกว่ารหัสสั้นที่ซับซ้อน",
    strengthLabel: "ความแข็งแรง:",
    strength: ["สั้นเกินไป", "อ่อน", "พอใช้", "ดี", "แข็งแรงมาก"],
  },
  plans: planNames.th,
  signIn: {
    title: "ยินดีต้อนรับกลับมา",
    intro: (brand: string) => `เข้าสู่ระบบบัญชี ${brand} ของคุณ`,
    submit: "เข้าสู่ระบบ",
    submitting: "กำลังเข้าสู่ระบบ...",
    forgotPassword: "ลืมรหัสผ่าน?",
    noAccount: "ยังไม่มีบัญชี?",
    createAccount: "สร้างบัญชี",
    unverified: "กรุณายืนยันอีเมลของคุณก่อน เราได้ส่งลิงก์ใหม่ให้แล้ว เปิดลิงก์นั้นแล้วจึงเข้าสู่ระบบ",
    signedOutNotice: "คุณออกจากระบบแล้ว",
    twoFactor: {
      title: "การยืนยันตัวตนสองขั้นตอน",
      intro: "กรอกรหัส 6 หลักจากแอปยืนยันตัวตนของคุณ",
      backupIntro: "กรอกรหัสสำรองที่คุณบันทึกไว้ รหัสแต่ละชุดใช้ได้ครั้งเดียว",
      verify: "ยืนยัน",
      verifying: "กำลังตรวจสอบ...",
      useBackupCode: "ใช้รหัสสำรองแทน",
      useApp: "ใช้แอปยืนยันตัวตนแทน",
      startOver: "เข้าสู่ระบบด้วยบัญชีอื่น",
    },
  },
  signUp: {
    title: "สร้างบัญชีของคุณ",
    intro: (brand: string) => `สร้างเพอร์โซนา เปิดใช้บอท และดูทุกบทสนทนาได้ใน ${brand}`,
    planNotice: (plan: string) => `แพ็กเกจที่เลือก: ${plan}`,
    submit: "สร้างบัญชี",
    submitting: "กำลังสร้างบัญชี...",
    haveAccount: "มีบัญชีอยู่แล้ว?",
    signIn: "เข้าสู่ระบบ",
    termsBefore: "การสร้างบัญชีถือว่าคุณยอมรับ",
    termsLink: "ข้อกำหนดการให้บริการ",
    termsMiddle: "และ",
    privacyLink: "นโยบายความเป็นส่วนตัว",
    termsAfter: "",
    checkEmail: {
      title: "ตรวจสอบอีเมลของคุณ",
      text: (email: string) =>
        `หาก ${email} ใช้สร้างบัญชีใหม่ได้ เราได้ส่งลิงก์สำหรับยืนยันอีเมลไปแล้ว เปิดลิงก์นั้นแล้วจึงเข้าสู่ระบบ`,
      resend: "ส่งลิงก์อีกครั้ง",
      resent: "หากอีเมลนี้ยังรอการยืนยัน ลิงก์ใหม่กำลังส่งไปให้คุณ",
    },
  },
  verifyEmail: {
    checking: "กำลังตรวจสอบลิงก์...",
    verified: {
      title: "ยืนยันอีเมลเรียบร้อยแล้ว",
      text: "ขอบคุณ ตอนนี้คุณเข้าสู่ระบบบัญชีของคุณได้แล้ว",
    },
    changeConfirmed: {
      title: "อนุมัติการเปลี่ยนแปลงแล้ว",
      text: "เราได้ส่งลิงก์ไปยังอีเมลใหม่ของคุณ เปิดลิงก์นั้นเพื่อเปลี่ยนอีเมลให้เสร็จสมบูรณ์",
    },
    changed: {
      title: "เปลี่ยนอีเมลเรียบร้อยแล้ว",
      text: (email: string) => `ต่อจากนี้ให้เข้าสู่ระบบด้วย ${email}`,
    },
    invalid: {
      title: "ลิงก์นี้ใช้ไม่ได้",
      text: "ลิงก์อาจหมดอายุหรือถูกใช้ไปแล้ว ขอลิงก์ใหม่ได้ด้านล่าง",
    },
    resend: {
      title: "ต้องการลิงก์ใหม่?",
      text: "กรอกอีเมลที่คุณใช้สมัครสมาชิก",
      submit: "ส่งลิงก์ใหม่",
      sent: "หากอีเมลนี้มีบัญชีที่รอการยืนยัน ลิงก์ใหม่กำลังส่งไปให้คุณ",
    },
    toSignIn: "ไปหน้าเข้าสู่ระบบ",
    toAccount: "ไปที่คอนโซล",
  },
  forgotPassword: {
    title: "ลืมรหัสผ่าน?",
    intro: "กรอกอีเมลของคุณ แล้วเราจะส่งลิงก์สำหรับตั้งรหัสผ่านใหม่ให้",
    submit: "ส่งลิงก์",
    submitting: "กำลังส่ง...",
    sent: "หากมีบัญชีที่ใช้อีเมลนี้ เราได้ส่งลิงก์สำหรับตั้งรหัสผ่านใหม่ไปแล้ว ลิงก์ใช้ได้หนึ่งชั่วโมง",
    back: "กลับไปหน้าเข้าสู่ระบบ",
  },
  resetPassword: {
    title: "ตั้งรหัสผ่านใหม่",
    intro: "เมื่อเปลี่ยนรหัสผ่านแล้ว ทุกอุปกรณ์จะออกจากระบบ",
    submit: "เปลี่ยนรหัสผ่าน",
    submitting: "กำลังเปลี่ยน...",
    done: "เปลี่ยนรหัสผ่านเรียบร้อยแล้ว เข้าสู่ระบบด้วยรหัสผ่านใหม่ได้เลย",
    missingToken: "หน้านี้ต้องเปิดจากลิงก์ในอีเมลที่เราส่งให้คุณ",
    requestNew: "ขอลิงก์ใหม่",
  },
  account: {
    title: "บัญชีของคุณ",
    intro: "จัดการข้อมูลส่วนตัว ความปลอดภัย และอุปกรณ์ที่คุณเข้าสู่ระบบอยู่",
    signOut: "ออกจากระบบ",
    signingOut: "กำลังออกจากระบบ...",
    save: "บันทึก",
    saving: "กำลังบันทึก...",
    cancel: "ยกเลิก",
    profile: {
      title: "ข้อมูลส่วนตัว",
      saved: "บันทึกชื่อของคุณแล้ว",
    },
    email: {
      title: "อีเมล",
      current: (email: string) => `คุณเข้าสู่ระบบด้วย ${email}`,
      unverifiedBadge: "ยังไม่ยืนยัน",
      change: "เปลี่ยนอีเมล",
      sent: (email: string) =>
        `เพื่อความปลอดภัยของบัญชี เราได้ส่งลิงก์ไปที่ ${email} เปิดลิงก์นั้นเพื่ออนุมัติการเปลี่ยนแปลง จากนั้นเราจะส่งลิงก์ไปยังอีเมลใหม่`,
    },
    password: {
      title: "รหัสผ่าน",
      intro: "เมื่อเปลี่ยนรหัสผ่าน อุปกรณ์อื่นจะออกจากระบบ",
      change: "เปลี่ยนรหัสผ่าน",
      changed: "เปลี่ยนรหัสผ่านเรียบร้อยแล้ว อุปกรณ์อื่นออกจากระบบแล้ว",
    },
    twoFactor: {
      title: "การยืนยันตัวตนสองขั้นตอน",
      on: "เปิดอยู่",
      off: "ปิดอยู่",
      introOff: "ปกป้องบัญชีด้วยรหัสจากแอปยืนยันตัวตนทุกครั้งที่เข้าสู่ระบบ",
      introOn: "การเข้าสู่ระบบจะขอรหัสจากแอปยืนยันตัวตนของคุณ",
      enable: "เปิดใช้งาน",
      confirmPassword: "กรอกรหัสผ่านเพื่อดำเนินการต่อ",
      continue: "ดำเนินการต่อ",
      scan: (brand: string) =>
        `สแกน QR นี้ด้วยแอปยืนยันตัวตน หรือกรอกรหัสลับด้วยตนเอง แอปจะแสดงรหัสสำหรับ ${brand}`,
      qrAlt: "QR สำหรับเพิ่มบัญชีในแอปยืนยันตัวตน",
      manualKey: "รหัสลับสำหรับกรอกเอง",
      enterCode: "จากนั้นกรอกรหัส 6 หลักที่แอปแสดง",
      verify: "ยืนยันและเปิดใช้งาน",
      enabled: "เปิดการยืนยันตัวตนสองขั้นตอนแล้ว",
      backupTitle: "รหัสสำรองของคุณ",
      backupIntro:
        "หากทำโทรศัพท์หาย รหัสแต่ละชุดใช้เข้าสู่ระบบได้ครั้งเดียว บันทึกเก็บไว้ในที่ปลอดภัยตอนนี้ เพราะจะแสดงเพียงครั้งนี้ครั้งเดียว",
      copy: "คัดลอกรหัส",
      copied: "คัดลอกแล้ว",
      savedThem: "บันทึกเรียบร้อยแล้ว",
      regenerate: "สร้างรหัสสำรองใหม่",
      regenerateIntro: "รหัสชุดเดิมจะใช้ไม่ได้อีก",
      disable: "ปิดใช้งาน",
      disableIntro: "กรอกรหัสผ่านเพื่อปิดการยืนยันตัวตนสองขั้นตอน",
      disabled: "ปิดการยืนยันตัวตนสองขั้นตอนแล้ว",
    },
    sessions: {
      title: "อุปกรณ์ที่เข้าสู่ระบบอยู่",
      intro: "ออกจากระบบในอุปกรณ์ที่คุณไม่รู้จัก",
      thisDevice: "อุปกรณ์นี้",
      unknownDevice: "ไม่ทราบเบราว์เซอร์",
      signedIn: "เข้าสู่ระบบเมื่อ",
      lastActive: "ใช้งานล่าสุด",
      revoke: "ออกจากระบบ",
      revokeOthers: "ออกจากระบบอุปกรณ์อื่นทั้งหมด",
      revoked: "อุปกรณ์นั้นออกจากระบบแล้ว",
      revokedOthers: "อุปกรณ์อื่นทั้งหมดออกจากระบบแล้ว",
      onlyThis: "คุณเข้าสู่ระบบอยู่บนอุปกรณ์นี้เท่านั้น",
    },
    danger: {
      title: "ลบบัญชี",
      intro: "การลบบัญชีจะลบบัญชีของคุณ เพอร์โซนา และบอทพร้อมบทสนทนาทั้งหมด และไม่สามารถกู้คืนได้",
      confirmLabel: (word: string) => `พิมพ์ ${word} เพื่อยืนยัน`,
      confirmWord: "ลบบัญชี",
      submit: "ลบบัญชีของฉัน",
      deleting: "กำลังลบ...",
      deleted: "ลบบัญชีของคุณเรียบร้อยแล้ว",
    },
  },
  errors: {
    invalidCredentials: "อีเมลหรือรหัสผ่านไม่ถูกต้อง",
    invalidPassword: "รหัสผ่านไม่ถูกต้อง",
    invalidCode: "รหัสไม่ถูกต้อง กรุณารอรหัสถัดไปแล้วลองอีกครั้ง",
    invalidBackupCode: "รหัสสำรองไม่ถูกต้องหรือถูกใช้ไปแล้ว",
    challengeExpired: "การเข้าสู่ระบบใช้เวลานานเกินไป กรุณาเข้าสู่ระบบใหม่",
    invalidLink: "ลิงก์นี้ไม่ถูกต้องหรือหมดอายุแล้ว",
    sessionExpired: "กรุณาเข้าสู่ระบบอีกครั้งเพื่อดำเนินการต่อ",
    emailUnchanged: "นี่คืออีเมลปัจจุบันของคุณอยู่แล้ว",
    alreadyEnabled: "เปิดการยืนยันตัวตนสองขั้นตอนอยู่แล้ว",
    tooManyAttempts: (minutes: number) => `ลองหลายครั้งเกินไป กรุณาลองใหม่อีกครั้งในอีก ${minutes} นาที`,
    invalidInput: "ข้อมูลบางช่องขาดหายหรือไม่ถูกต้อง",
    network: "ติดต่อเซิร์ฟเวอร์ไม่ได้ กรุณาตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง",
    generic: "เกิดข้อผิดพลาดบางอย่าง กรุณาลองอีกครั้ง",
    wrongAddress: (host: string) => `หน้านี้เปิดจากที่อยู่อื่นที่ไม่ใช่ของเซิร์ฟเวอร์ กรุณาเปิดที่ ${host} แล้วลองอีกครั้ง`,
  },
  emails: {
    signature: (brand: string) => `ทีมงาน ${brand}`,
    ignore: "หากคุณไม่ได้ขอสิ่งนี้ ไม่ต้องทำอะไรกับอีเมลฉบับนี้",
    verifyEmail: {
      subject: (brand) => `ยืนยันอีเมลของคุณสำหรับ ${brand}`,
      body: ({ brand, name, link, hours }) =>
        `สวัสดีคุณ ${name}\n\nยินดีต้อนรับสู่ ${brand}! กรุณายืนยันอีเมลของคุณโดยเปิดลิงก์นี้\n\n${link}\n\nลิงก์ใช้ได้ ${hours} ชั่วโมง`,
    },
    changeEmailConfirm: {
      subject: (brand) => `อนุมัติการเปลี่ยนอีเมลของบัญชี ${brand}`,
      body: ({ brand, name, link, hours }) =>
        `สวัสดีคุณ ${name}\n\nมีผู้ที่เข้าสู่ระบบบัญชี ${brand} ของคุณขอเปลี่ยนอีเมลของบัญชี หากต้องการอนุมัติ ให้เปิดลิงก์นี้\n\n${link}\n\nจากนั้นเราจะส่งลิงก์ไปยังอีเมลใหม่ ลิงก์ใช้ได้ ${hours} ชั่วโมง หากไม่ใช่คุณ กรุณาเปลี่ยนรหัสผ่านทันที`,
    },
    changeEmailVerify: {
      subject: (brand) => `ยืนยันอีเมลใหม่ของคุณสำหรับ ${brand}`,
      body: ({ brand, name, link, hours }) =>
        `สวัสดีคุณ ${name}\n\nเปิดลิงก์นี้เพื่อใช้อีเมลนี้เป็นอีเมลของบัญชี ${brand} ของคุณ\n\n${link}\n\nลิงก์ใช้ได้ ${hours} ชั่วโมง`,
    },
    resetPassword: {
      subject: (brand) => `ตั้งรหัสผ่าน ${brand} ใหม่`,
      body: ({ brand, name, link, hours }) =>
        `สวัสดีคุณ ${name}\n\nเราได้รับคำขอตั้งรหัสผ่านใหม่สำหรับบัญชี ${brand} ของคุณ ตั้งรหัสผ่านใหม่ได้ที่นี่\n\n${link}\n\nลิงก์ใช้ได้ ${hours} ชั่วโมงและใช้ได้เพียงครั้งเดียว`,
    },
    existingAccount: {
      subject: (brand) => `มีผู้พยายามสร้างบัญชี ${brand} ด้วยอีเมลของคุณ`,
      body: ({ brand, name, link }) =>
        `สวัสดีคุณ ${name}\n\nมีผู้พยายามสร้างบัญชี ${brand} ใหม่ด้วยอีเมลนี้ ซึ่งมีบัญชีอยู่แล้ว หากเป็นคุณ ให้เข้าสู่ระบบแทน หรือตั้งรหัสผ่านใหม่หากลืมรหัสผ่าน\n\n${link}`,
    },
  },
};

export const accountMessages: Bilingual<AccountMessages> = { en, th };
