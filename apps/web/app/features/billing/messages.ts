import type { InvoiceReason, InvoiceStatus, SubscriptionStatus } from "@jai/contracts/billing";
import type { BillingCycle } from "@jai/contracts/plans";
import { planNames } from "~/i18n/plan-names";
import type { Bilingual } from "~/i18n/use-locale";

/** What a downgrade may exceed (PLAN_LIMIT_REACHED fields.over). */
export type DowngradeOver = "bots" | "channels" | "seats" | "usersPerMonth";
/** Billing details fields (the form's names, the server's `fields` keys). */
export type ProfileField = "companyName" | "address" | "taxId" | "branch" | "invoiceEmail";
/** Card form fields. */
export type CardField = "number" | "name" | "expiry" | "cvc";

const en = {
  title: "Billing",
  intro: "Your plan, payments, invoices and billing details.",
  plans: planNames.en,
  loading: "Loading...",
  networkError: "Could not reach the server. Check your connection and try again.",
  unknownError: "Something went wrong. Please try again.",
  retry: "Try again",
  cancel: "Cancel",
  close: "Close",
  agentOnly:
    "Only the workspace owner or an admin manages billing. Ask them if something about the plan needs changing.",
  notConfigured:
    "Online payment is not set up on this server. Contact the server's administrator to pay for a plan.",
  cycles: {
    monthly: "Monthly",
    sixMonths: "Every 6 months",
    yearly: "Yearly",
  } satisfies Record<BillingCycle, string>,
  cycleDiscount: (percent: number) => `save ${percent}%`,
  methods: { card: "Card", promptpay: "PromptPay" },
  status: {
    title: "Your plan",
    labels: {
      trialing: "Free trial",
      active: "Active",
      past_due: "Payment overdue",
      read_only: "Read-only",
    } satisfies Record<SubscriptionStatus, string>,
    trialLeft: (days: number, date: string) =>
      days <= 1
        ? `Your free trial ends on ${date} (less than a day left).`
        : `Your free trial ends on ${date} (${days} days left).`,
    trialOver: (date: string) =>
      `Your free trial ended on ${date}. Your channels are paused until you choose a plan; your bots and data are kept.`,
    active: (date: string) => `Paid up until ${date}.`,
    cancelled: (date: string) =>
      `Cancelled: your plan stays active until ${date}, then the workspace becomes read-only.`,
    pending: (plan: string, cycle: string, date: string) =>
      `Changes to ${plan} (${cycle}) on ${date}.`,
    pastDue: (date: string | null) =>
      date
        ? `We could not charge your card. We will try again on ${date}; your bots keep working meanwhile.`
        : "We could not charge your card. Pay the open invoice to keep your plan.",
    readOnly: (date: string | null) =>
      `${date ? `Read-only since ${date}: ` : "Read-only: "}everything is kept, but bots answer no new customers and nothing can be changed. Pay to continue.`,
    nextCharge: "Next charge",
    nextChargeText: (amount: string, date: string, method: string) =>
      `${amount} on ${date} (${method})`,
    nextInvoiceText: (amount: string, date: string) => `${amount}: a PromptPay invoice on ${date}`,
    noNextCharge: "None scheduled",
    paymentMethod: "Payment method",
    noPaymentMethod: "None yet",
    card: (brand: string, last4: string, expiry: string) =>
      `${brand} •••• ${last4}, expires ${expiry}`,
    promptPayMethod: "PromptPay: each renewal is an invoice with a QR code, sent by email",
    updateCard: "Update card",
    resume: "Keep my plan",
    resuming: "Resuming...",
    resumed: "Your plan will renew as usual.",
    cancelPlan: "Cancel plan",
    cancelTitle: "Cancel your plan?",
    cancelText: (date: string) =>
      `Your plan stays active until ${date}. After that the workspace becomes read-only: every bot, conversation and setting is kept, and you can pay again at any time.`,
    cancelConfirm: "Cancel plan",
    cancelling: "Cancelling...",
    cancelled_: (date: string) => `Cancelled. Your plan stays active until ${date}.`,
    payNow: "Pay now",
  },
  checkout: {
    title: "Choose a plan",
    intro: "Prices include 7% VAT. A tax invoice is issued for every payment.",
    plan: "Plan",
    cycle: "Billing cycle",
    perCycle: { monthly: "/month", sixMonths: "/6 months", yearly: "/year" } satisfies Record<
      BillingCycle,
      string
    >,
    contactSales: "Talk to sales",
    contactSalesText: "Enterprise is set up with our team.",
    method: "Pay by",
    total: "Total today",
    vatIncluded: (vat: string) => `includes VAT ${vat}`,
    pay: (amount: string) => `Pay ${amount}`,
    payPromptPay: (amount: string) => `Show the PromptPay QR for ${amount}`,
    paying: "Paying...",
    cardNumber: "Card number",
    cardName: "Name on card",
    expiry: "Expiry (MM/YY)",
    cvc: "Security code",
    cardSafe:
      "Your card details go straight to the payment provider; Jai's server never sees the card number.",
    cardErrors: {
      number: "Enter the card number as printed (13 to 19 digits).",
      name: "Enter the name printed on the card.",
      expiry: "Enter the expiry as MM/YY, not in the past.",
      cvc: "Enter the 3 or 4 digit code on the back of the card.",
    } satisfies Record<CardField, string>,
    declined: (reason: string) => `The payment did not go through: ${reason}`,
    declinedNoReason: "The payment did not go through. Try another card or PromptPay.",
    cardRejected: (reason: string) => `The card was not accepted: ${reason}`,
    redirecting: "Taking you to your bank to confirm the payment...",
    paid: (plan: string) => `Paid. Welcome to ${plan}!`,
    upgradeRequired: "Already on a paid plan? Use “Change plan” below.",
  },
  promptPay: {
    title: "Pay with PromptPay",
    scan: "Scan the QR code with any Thai banking app. This page updates by itself when the payment arrives.",
    qrAlt: (amount: string) => `PromptPay QR code for ${amount}`,
    amount: "Amount",
    expiresAt: (time: string) => `Valid until ${time}`,
    expired: "This QR code has expired.",
    newQr: "Get a new QR code",
    making: "Making a new QR code...",
    waiting: "Waiting for the payment...",
    paid: "Paid. Thank you!",
    failed: "The payment did not go through.",
    payByCard: "Pay by card instead",
  },
  payment: {
    title: "Payment",
    due: (date: string) => `due ${date}`,
    payPromptPay: "Pay with PromptPay",
    checking: "Checking the payment with your bank...",
    succeeded: "Payment received. Thank you!",
    failed: (reason: string | null) =>
      reason ? `The payment did not go through: ${reason}` : "The payment did not go through.",
    expired: "The payment expired before it was completed.",
    withholding: "We withhold 3% tax on this payment",
    withholdingNote: (amount: string) =>
      `You pay ${amount}; send us the withholding tax certificate afterwards from the invoice list.`,
  },
  change: {
    title: "Change plan",
    intro:
      "An upgrade starts at once: what is left of your current period is credited. A downgrade starts at the end of the period.",
    current: "Current",
    choose: "Change to this",
    upgradeTitle: (plan: string) => `Upgrade to ${plan}?`,
    upgradeText: (amount: string, method: string) =>
      `You pay ${amount} now (${method}): the new plan's price minus the unused part of your current period. A new period starts today.`,
    upgradeConfirm: (amount: string) => `Pay ${amount} and upgrade`,
    downgradeTitle: (plan: string) => `Change to ${plan}?`,
    downgradeText: (date: string) =>
      `The change takes effect on ${date}, at the end of your current period. Until then nothing changes.`,
    downgradeConfirm: "Schedule the change",
    scheduled: (plan: string, date: string) => `${plan} starts on ${date}.`,
    upgraded: (plan: string) => `You are now on ${plan}.`,
    working: "Working...",
    overNames: {
      bots: { one: "bot", many: "bots" },
      channels: { one: "channel", many: "channels" },
      seats: { one: "seat", many: "seats" },
      usersPerMonth: { one: "customer this month", many: "customers this month" },
    } satisfies Record<DowngradeOver, { one: string; many: string }>,
    refused: (
      over: { one: string; many: string },
      plan: string,
      allowed: number,
      count: number | null,
    ) => {
      const name = (n: number) => (n === 1 ? over.one : over.many);
      if (count === null) {
        return `You have more ${over.many} than ${plan} allows (${allowed}). Remove some first, then change the plan.`;
      }
      const extra = count - allowed;
      return `You have ${count} ${name(count)}; ${plan} allows ${allowed}. Delete ${extra} ${name(extra)} first.`;
    },
    usersRefused: (plan: string, allowed: number) =>
      `This month more customers wrote to your bots than ${plan} allows (${allowed}). Choose the change again next month.`,
    readOnly: "The workspace is read-only: pay the open invoice or check out again first.",
  },
  invoices: {
    title: "Invoices",
    intro: "Tax invoices and receipts for every payment, in Thai or English.",
    none: "No invoices yet.",
    number: "Number",
    date: "Date",
    reason: "For",
    total: "Total",
    statusLabel: "Status",
    documents: "Documents",
    creditNote: "Credit note",
    reasons: {
      subscription: "New plan",
      upgrade: "Upgrade",
      renewal: "Renewal",
      refund: "Refund",
      downgrade: "Downgrade",
    } satisfies Record<InvoiceReason, string>,
    statuses: { open: "Unpaid", paid: "Paid", void: "Void" } satisfies Record<
      InvoiceStatus,
      string
    >,
    pdfTh: "PDF (Thai)",
    pdfEn: "PDF (English)",
    pdfLabel: (number: string, language: string) => `Download ${number} in ${language} (PDF)`,
    languages: { th: "Thai", en: "English" },
    withholding: (amount: string, expected: string) =>
      `Withholding tax ${amount}: expected payment ${expected}`,
    certificate: "Withholding tax certificate",
    uploadCertificate: "Upload certificate",
    replaceCertificate: "Replace certificate",
    downloadCertificate: "Download certificate",
    uploading: "Uploading...",
    uploaded: "Certificate saved.",
    certificateHint: "PDF, PNG or JPEG, up to 5 MB.",
    certificateErrors: {
      type: "The certificate must be a PDF, PNG or JPEG file.",
      tooLarge: "The certificate is larger than 5 MB.",
    },
  },
  profile: {
    title: "Billing details",
    intro:
      "Filled in, your invoices are full tax invoices in your company's name; left empty, they are plain receipts.",
    companyName: "Company name",
    address: "Address",
    taxId: "Tax ID",
    taxIdHint: "13 digits",
    branch: "Branch",
    branchHint: "00000 is the head office",
    headOffice: "Head office",
    invoiceEmail: "Send invoices to",
    invoiceEmailHint: "Leave empty to use the owner's email.",
    withholdsTax: "We withhold 3% tax on service fees",
    withholdsTaxHint:
      "Invoices then show the withholding, and you can upload the certificate for each payment.",
    locale: "Document language",
    locales: { th: "Thai", en: "English" },
    save: "Save billing details",
    saving: "Saving...",
    saved: "Billing details saved.",
    errors: {
      companyName: "Enter the company name (up to 200 characters).",
      address: "Enter the address (up to 500 characters).",
      taxId: "A Thai tax ID is 13 digits and its last digit must check: look at it again.",
      branch: "The branch is 5 digits: 00000 for the head office.",
      invoiceEmail: "Enter a valid email address.",
      companyNeeded: "A tax invoice needs the company name, address and tax ID together.",
    } satisfies Record<ProfileField | "companyNeeded", string>,
  },
  banners: {
    label: "Plan notices",
    action: "Go to billing",
    trialEnding: (date: string) =>
      `Your trial ends on ${date}. Choose a plan to keep your channels running.`,
    trialOver:
      "Your free trial is over: your channels are paused. Your bots and data are kept; choose a plan to continue.",
    pastDue: (date: string | null) =>
      date
        ? `We could not charge your card. We will try again on ${date}; check your payment method.`
        : "We could not charge your card. Check your payment method.",
    readOnly: "Your workspace is read-only: everything is kept. Pay to continue.",
    usageHigh: (used: string, allowance: string) =>
      `${used} of ${allowance} customers this month. New customers will get a polite message when you reach the limit.`,
    usageFull: (used: string, allowance: string) =>
      `${used} of ${allowance} customers this month: the limit is reached. Your bots keep answering the customers already counted; new customers get a polite message. Upgrade to answer everyone.`,
    agentPaused: "The workspace's plan is paused: ask the owner or an admin to choose a plan.",
  },
};

export type BillingMessages = typeof en;

const th: BillingMessages = {
  title: "การเรียกเก็บเงิน",
  intro: "แพ็กเกจ การชำระเงิน ใบแจ้งหนี้ และข้อมูลสำหรับออกใบกำกับภาษีของคุณ",
  plans: planNames.th,
  loading: "กำลังโหลด...",
  networkError: "ติดต่อเซิร์ฟเวอร์ไม่ได้ กรุณาตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง",
  unknownError: "เกิดข้อผิดพลาด กรุณาลองอีกครั้ง",
  retry: "ลองอีกครั้ง",
  cancel: "ยกเลิก",
  close: "ปิด",
  agentOnly:
    "เฉพาะเจ้าของเวิร์กสเปซหรือผู้ดูแลเท่านั้นที่จัดการการเรียกเก็บเงินได้ หากต้องการเปลี่ยนแพ็กเกจ กรุณาแจ้งเจ้าของหรือผู้ดูแล",
  notConfigured: "เซิร์ฟเวอร์นี้ยังไม่ได้ตั้งค่าการชำระเงินออนไลน์ กรุณาติดต่อผู้ดูแลเซิร์ฟเวอร์เพื่อชำระค่าแพ็กเกจ",
  cycles: {
    monthly: "รายเดือน",
    sixMonths: "ทุก 6 เดือน",
    yearly: "รายปี",
  },
  cycleDiscount: (percent) => `ประหยัด ${percent}%`,
  methods: { card: "บัตร", promptpay: "PromptPay" },
  status: {
    title: "แพ็กเกจของคุณ",
    labels: {
      trialing: "ทดลองใช้ฟรี",
      active: "ใช้งานอยู่",
      past_due: "ค้างชำระ",
      read_only: "อ่านอย่างเดียว",
    },
    trialLeft: (days, date) =>
      days <= 1
        ? `ช่วงทดลองใช้ฟรีจะสิ้นสุดวันที่ ${date} (เหลือไม่ถึง 1 วัน)`
        : `ช่วงทดลองใช้ฟรีจะสิ้นสุดวันที่ ${date} (เหลืออีก ${days} วัน)`,
    trialOver: (date) =>
      `ช่วงทดลองใช้ฟรีสิ้นสุดแล้วเมื่อวันที่ ${date} ช่องทางของคุณหยุดทำงานชั่วคราวจนกว่าจะเลือกแพ็กเกจ บอทและข้อมูลทั้งหมดยังอยู่ครบ`,
    active: (date) => `ชำระแล้วถึงวันที่ ${date}`,
    cancelled: (date) =>
      `ยกเลิกแล้ว แพ็กเกจยังใช้งานได้ถึงวันที่ ${date} หลังจากนั้นเวิร์กสเปซจะเป็นแบบอ่านอย่างเดียว`,
    pending: (plan, cycle, date) => `จะเปลี่ยนเป็นแพ็กเกจ${plan} (${cycle}) ในวันที่ ${date}`,
    pastDue: (date) =>
      date
        ? `เราเรียกเก็บเงินจากบัตรของคุณไม่สำเร็จ จะลองอีกครั้งในวันที่ ${date} ระหว่างนี้บอทยังทำงานตามปกติ`
        : "เราเรียกเก็บเงินจากบัตรของคุณไม่สำเร็จ กรุณาชำระใบแจ้งหนี้ที่ค้างอยู่เพื่อใช้แพ็กเกจต่อ",
    readOnly: (date) =>
      `${date ? `อ่านอย่างเดียวตั้งแต่วันที่ ${date} ` : "อ่านอย่างเดียว "}ข้อมูลทุกอย่างยังอยู่ครบ แต่บอทจะไม่ตอบลูกค้าใหม่และแก้ไขอะไรไม่ได้ ชำระเงินเพื่อใช้งานต่อ`,
    nextCharge: "การเรียกเก็บเงินครั้งถัดไป",
    nextChargeText: (amount, date, method) => `${amount} วันที่ ${date} (${method})`,
    nextInvoiceText: (amount, date) => `${amount} ใบแจ้งหนี้ PromptPay วันที่ ${date}`,
    noNextCharge: "ไม่มีรายการที่กำหนดไว้",
    paymentMethod: "วิธีชำระเงิน",
    noPaymentMethod: "ยังไม่มี",
    card: (brand, last4, expiry) => `${brand} •••• ${last4} หมดอายุ ${expiry}`,
    promptPayMethod: "PromptPay: การต่ออายุแต่ละครั้งจะเป็นใบแจ้งหนี้พร้อมคิวอาร์โค้ดที่ส่งทางอีเมล",
    updateCard: "เปลี่ยนบัตร",
    resume: "ใช้แพ็กเกจต่อ",
    resuming: "กำลังดำเนินการ...",
    resumed: "แพ็กเกจของคุณจะต่ออายุตามปกติ",
    cancelPlan: "ยกเลิกแพ็กเกจ",
    cancelTitle: "ยกเลิกแพ็กเกจไหม",
    cancelText: (date) =>
      `แพ็กเกจยังใช้งานได้ถึงวันที่ ${date} หลังจากนั้นเวิร์กสเปซจะเป็นแบบอ่านอย่างเดียว บอท บทสนทนา และการตั้งค่าทั้งหมดยังอยู่ครบ และกลับมาชำระเงินได้ทุกเมื่อ`,
    cancelConfirm: "ยกเลิกแพ็กเกจ",
    cancelling: "กำลังยกเลิก...",
    cancelled_: (date) => `ยกเลิกแล้ว แพ็กเกจยังใช้งานได้ถึงวันที่ ${date}`,
    payNow: "ชำระเงินตอนนี้",
  },
  checkout: {
    title: "เลือกแพ็กเกจ",
    intro: "ราคารวมภาษีมูลค่าเพิ่ม 7% แล้ว และมีใบกำกับภาษีทุกครั้งที่ชำระเงิน",
    plan: "แพ็กเกจ",
    cycle: "รอบการชำระเงิน",
    perCycle: { monthly: "/เดือน", sixMonths: "/6 เดือน", yearly: "/ปี" },
    contactSales: "ติดต่อฝ่ายขาย",
    contactSalesText: "แพ็กเกจองค์กรตั้งค่าร่วมกับทีมของเรา",
    method: "ชำระด้วย",
    total: "ยอดชำระวันนี้",
    vatIncluded: (vat) => `รวมภาษีมูลค่าเพิ่ม ${vat}`,
    pay: (amount) => `ชำระ ${amount}`,
    payPromptPay: (amount) => `แสดงคิวอาร์โค้ด PromptPay ยอด ${amount}`,
    paying: "กำลังชำระเงิน...",
    cardNumber: "หมายเลขบัตร",
    cardName: "ชื่อบนบัตร",
    expiry: "วันหมดอายุ (ดด/ปป)",
    cvc: "รหัสความปลอดภัยหลังบัตร",
    cardSafe: "ข้อมูลบัตรส่งตรงไปยังผู้ให้บริการชำระเงิน เซิร์ฟเวอร์ของ Jai ไม่เห็นหมายเลขบัตรของคุณ",
    cardErrors: {
      number: "กรุณากรอกหมายเลขบัตรตามที่พิมพ์บนบัตร (13 ถึง 19 หลัก)",
      name: "กรุณากรอกชื่อตามที่พิมพ์บนบัตร",
      expiry: "กรุณากรอกวันหมดอายุเป็น ดด/ปป ที่ยังไม่หมดอายุ",
      cvc: "กรุณากรอกรหัส 3 หรือ 4 หลักด้านหลังบัตร",
    },
    declined: (reason) => `ชำระเงินไม่สำเร็จ: ${reason}`,
    declinedNoReason: "ชำระเงินไม่สำเร็จ ลองใช้บัตรอื่นหรือ PromptPay",
    cardRejected: (reason) => `บัตรนี้ใช้ไม่ได้: ${reason}`,
    redirecting: "กำลังพาไปยังหน้าธนาคารเพื่อยืนยันการชำระเงิน...",
    paid: (plan) => `ชำระเงินแล้ว ยินดีต้อนรับสู่แพ็กเกจ${plan}`,
    upgradeRequired: "ใช้แพ็กเกจแบบชำระเงินอยู่แล้วใช่ไหม ใช้ “เปลี่ยนแพ็กเกจ” ด้านล่าง",
  },
  promptPay: {
    title: "ชำระด้วย PromptPay",
    scan: "สแกนคิวอาร์โค้ดด้วยแอปธนาคารใดก็ได้ หน้านี้จะอัปเดตเองเมื่อได้รับเงินแล้ว",
    qrAlt: (amount) => `คิวอาร์โค้ด PromptPay ยอด ${amount}`,
    amount: "ยอดชำระ",
    expiresAt: (time) => `ใช้ได้ถึง ${time}`,
    expired: "คิวอาร์โค้ดนี้หมดอายุแล้ว",
    newQr: "ขอคิวอาร์โค้ดใหม่",
    making: "กำลังสร้างคิวอาร์โค้ดใหม่...",
    waiting: "กำลังรอการชำระเงิน...",
    paid: "ชำระเงินแล้ว ขอบคุณ",
    failed: "ชำระเงินไม่สำเร็จ",
    payByCard: "ชำระด้วยบัตรแทน",
  },
  payment: {
    title: "การชำระเงิน",
    due: (date) => `ครบกำหนดวันที่ ${date}`,
    payPromptPay: "ชำระด้วย PromptPay",
    checking: "กำลังตรวจสอบการชำระเงินกับธนาคาร...",
    succeeded: "ได้รับเงินแล้ว ขอบคุณ",
    failed: (reason) => (reason ? `ชำระเงินไม่สำเร็จ: ${reason}` : "ชำระเงินไม่สำเร็จ"),
    expired: "การชำระเงินหมดเวลาก่อนทำรายการเสร็จ",
    withholding: "เราหักภาษี ณ ที่จ่าย 3% จากการชำระครั้งนี้",
    withholdingNote: (amount) =>
      `ยอดที่ต้องชำระคือ ${amount} จากนั้นอัปโหลดหนังสือรับรองการหักภาษี ณ ที่จ่ายได้จากรายการใบแจ้งหนี้`,
  },
  change: {
    title: "เปลี่ยนแพ็กเกจ",
    intro: "อัปเกรดมีผลทันที โดยหักส่วนที่ยังไม่ได้ใช้ของรอบปัจจุบันให้ ส่วนดาวน์เกรดมีผลเมื่อสิ้นสุดรอบปัจจุบัน",
    current: "ปัจจุบัน",
    choose: "เปลี่ยนเป็นแพ็กเกจนี้",
    upgradeTitle: (plan) => `อัปเกรดเป็นแพ็กเกจ${plan}ไหม`,
    upgradeText: (amount, method) =>
      `ชำระ ${amount} ตอนนี้ (${method}) คือราคาแพ็กเกจใหม่หักส่วนที่ยังไม่ได้ใช้ของรอบปัจจุบัน และเริ่มรอบใหม่ตั้งแต่วันนี้`,
    upgradeConfirm: (amount) => `ชำระ ${amount} และอัปเกรด`,
    downgradeTitle: (plan) => `เปลี่ยนเป็นแพ็กเกจ${plan}ไหม`,
    downgradeText: (date) => `การเปลี่ยนจะมีผลในวันที่ ${date} เมื่อสิ้นสุดรอบปัจจุบัน ก่อนถึงวันนั้นทุกอย่างยังเหมือนเดิม`,
    downgradeConfirm: "ตั้งเวลาเปลี่ยนแพ็กเกจ",
    scheduled: (plan, date) => `แพ็กเกจ${plan}จะเริ่มในวันที่ ${date}`,
    upgraded: (plan) => `ตอนนี้คุณใช้แพ็กเกจ${plan}แล้ว`,
    working: "กำลังดำเนินการ...",
    overNames: {
      bots: { one: "บอท", many: "บอท" },
      channels: { one: "ช่องทาง", many: "ช่องทาง" },
      seats: { one: "ที่นั่ง", many: "ที่นั่ง" },
      usersPerMonth: { one: "ผู้ใช้ในเดือนนี้", many: "ผู้ใช้ในเดือนนี้" },
    },
    refused: (over, plan, allowed, count) => {
      if (count === null) {
        return `คุณมี${over.many}มากกว่าที่แพ็กเกจ${plan}รองรับ (${allowed}) กรุณาลบออกบางส่วนก่อนแล้วจึงเปลี่ยนแพ็กเกจ`;
      }
      return `คุณมี${over.many} ${count} รายการ แพ็กเกจ${plan}รองรับ ${allowed} กรุณาลบ${over.many}ออก ${count - allowed} รายการก่อน`;
    },
    usersRefused: (plan, allowed) =>
      `เดือนนี้มีลูกค้าทักบอทของคุณมากกว่าที่แพ็กเกจ${plan}รองรับ (${allowed}) กรุณาเปลี่ยนแพ็กเกจอีกครั้งในเดือนหน้า`,
    readOnly: "เวิร์กสเปซเป็นแบบอ่านอย่างเดียว กรุณาชำระใบแจ้งหนี้ที่ค้างอยู่หรือเลือกแพ็กเกจใหม่ก่อน",
  },
  invoices: {
    title: "ใบแจ้งหนี้",
    intro: "ใบกำกับภาษีและใบเสร็จรับเงินของทุกการชำระเงิน เป็นภาษาไทยหรือภาษาอังกฤษ",
    none: "ยังไม่มีใบแจ้งหนี้",
    number: "เลขที่",
    date: "วันที่",
    reason: "รายการ",
    total: "ยอดรวม",
    statusLabel: "สถานะ",
    documents: "เอกสาร",
    creditNote: "ใบลดหนี้",
    reasons: {
      subscription: "แพ็กเกจใหม่",
      upgrade: "อัปเกรด",
      renewal: "ต่ออายุ",
      refund: "คืนเงิน",
      downgrade: "ดาวน์เกรด",
    },
    statuses: { open: "ยังไม่ชำระ", paid: "ชำระแล้ว", void: "ยกเลิกแล้ว" },
    pdfTh: "PDF (ไทย)",
    pdfEn: "PDF (อังกฤษ)",
    pdfLabel: (number, language) => `ดาวน์โหลด ${number} ภาษา${language} (PDF)`,
    languages: { th: "ไทย", en: "อังกฤษ" },
    withholding: (amount, expected) => `ภาษีหัก ณ ที่จ่าย ${amount} ยอดที่ต้องชำระ ${expected}`,
    certificate: "หนังสือรับรองการหักภาษี ณ ที่จ่าย",
    uploadCertificate: "อัปโหลดหนังสือรับรอง",
    replaceCertificate: "เปลี่ยนหนังสือรับรอง",
    downloadCertificate: "ดาวน์โหลดหนังสือรับรอง",
    uploading: "กำลังอัปโหลด...",
    uploaded: "บันทึกหนังสือรับรองแล้ว",
    certificateHint: "ไฟล์ PDF, PNG หรือ JPEG ขนาดไม่เกิน 5 MB",
    certificateErrors: {
      type: "หนังสือรับรองต้องเป็นไฟล์ PDF, PNG หรือ JPEG",
      tooLarge: "หนังสือรับรองมีขนาดเกิน 5 MB",
    },
  },
  profile: {
    title: "ข้อมูลสำหรับออกใบกำกับภาษี",
    intro: "เมื่อกรอกครบ ใบแจ้งหนี้จะเป็นใบกำกับภาษีเต็มรูปในนามบริษัทของคุณ หากเว้นว่างไว้จะเป็นใบเสร็จรับเงินทั่วไป",
    companyName: "ชื่อบริษัท",
    address: "ที่อยู่",
    taxId: "เลขประจำตัวผู้เสียภาษี",
    taxIdHint: "13 หลัก",
    branch: "สาขา",
    branchHint: "00000 คือสำนักงานใหญ่",
    headOffice: "สำนักงานใหญ่",
    invoiceEmail: "ส่งใบแจ้งหนี้ไปที่",
    invoiceEmailHint: "เว้นว่างไว้เพื่อใช้อีเมลของเจ้าของ",
    withholdsTax: "บริษัทของเราหักภาษี ณ ที่จ่าย 3% จากค่าบริการ",
    withholdsTaxHint: "ใบแจ้งหนี้จะแสดงภาษีหัก ณ ที่จ่าย และอัปโหลดหนังสือรับรองของแต่ละการชำระเงินได้",
    locale: "ภาษาของเอกสาร",
    locales: { th: "ไทย", en: "อังกฤษ" },
    save: "บันทึกข้อมูล",
    saving: "กำลังบันทึก...",
    saved: "บันทึกข้อมูลสำหรับออกใบกำกับภาษีแล้ว",
    errors: {
      companyName: "กรุณากรอกชื่อบริษัท (ไม่เกิน 200 ตัวอักษร)",
      address: "กรุณากรอกที่อยู่ (ไม่เกิน 500 ตัวอักษร)",
      taxId: "เลขประจำตัวผู้เสียภาษีต้องมี 13 หลักและหลักสุดท้ายต้องถูกต้อง กรุณาตรวจสอบอีกครั้ง",
      branch: "สาขาต้องเป็นตัวเลข 5 หลัก สำนักงานใหญ่คือ 00000",
      invoiceEmail: "กรุณากรอกอีเมลที่ถูกต้อง",
      companyNeeded: "ใบกำกับภาษีต้องมีชื่อบริษัท ที่อยู่ และเลขประจำตัวผู้เสียภาษีครบทั้งสามอย่าง",
    },
  },
  banners: {
    label: "ประกาศเกี่ยวกับแพ็กเกจ",
    action: "ไปที่การเรียกเก็บเงิน",
    trialEnding: (date) => `ช่วงทดลองใช้ของคุณจะสิ้นสุดวันที่ ${date} เลือกแพ็กเกจเพื่อให้ช่องทางของคุณทำงานต่อได้`,
    trialOver:
      "ช่วงทดลองใช้ฟรีสิ้นสุดแล้ว ช่องทางของคุณหยุดทำงานชั่วคราว บอทและข้อมูลยังอยู่ครบ เลือกแพ็กเกจเพื่อใช้งานต่อ",
    pastDue: (date) =>
      date
        ? `เราเรียกเก็บเงินจากบัตรของคุณไม่สำเร็จ จะลองอีกครั้งในวันที่ ${date} กรุณาตรวจสอบวิธีชำระเงิน`
        : "เราเรียกเก็บเงินจากบัตรของคุณไม่สำเร็จ กรุณาตรวจสอบวิธีชำระเงิน",
    readOnly: "เวิร์กสเปซของคุณเป็นแบบอ่านอย่างเดียว ข้อมูลทุกอย่างยังอยู่ครบ ชำระเงินเพื่อใช้งานต่อ",
    usageHigh: (used, allowance) =>
      `ผู้ใช้เดือนนี้ ${used} จาก ${allowance} คน เมื่อครบแล้ว ลูกค้าใหม่จะได้รับข้อความแจ้งอย่างสุภาพ`,
    usageFull: (used, allowance) =>
      `ผู้ใช้เดือนนี้ ${used} จาก ${allowance} คน ครบโควตาแล้ว บอทยังตอบลูกค้าที่นับไปแล้วตามปกติ ส่วนลูกค้าใหม่จะได้รับข้อความแจ้งอย่างสุภาพ อัปเกรดเพื่อตอบทุกคน`,
    agentPaused: "แพ็กเกจของเวิร์กสเปซหยุดชั่วคราว กรุณาแจ้งเจ้าของหรือผู้ดูแลให้เลือกแพ็กเกจ",
  },
};

export const billingMessages: Bilingual<BillingMessages> = { en, th };
