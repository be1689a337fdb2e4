import { brand } from "@jai/contracts";
import { type Locale, localizePath } from "@jai/contracts/locale";
import { getPlan, type PlanId, planIds } from "@jai/contracts/plans";
import {
  billingNotices,
  type Db,
  emailOutbox,
  eq,
  monthlyUsage,
  ownerPlans,
  sql,
  type Transaction,
  users,
} from "@jai/db";
import { escapeLine } from "../../services/mail/escape-plain-text";
import { bangkokMonth } from "./users-per-month";

/*
 * The owner's notices about their plan: users per month at 80% and 100% of the allowance, and
 * the trial's end (2 days before, and on the day). Each is emailed once: its key in
 * `billing_notices` is inserted in the same transaction as the email, so two instances (or two
 * runs) cannot both send it. In the console the same facts show as banners from the plan
 * (GET /api/console/plan: usage.usersThisMonth against allowances.usersPerMonth, trialEndsAt).
 */

/** The outbox's name for these emails. */
export const planNoticeEmailKind = "plan-notice";

export type PlanNotice =
  | { kind: "usage-80" | "usage-100"; month: string; used: number; allowance: number }
  | { kind: "trial-2d" | "trial-end"; trialEndsAt: Date };

const dayMs = 24 * 3_600_000;

/** The key a notice is sent once by: "usage-80:2026-11", "trial-2d:2026-11-30". */
export function planNoticeKey(notice: PlanNotice): string {
  switch (notice.kind) {
    case "usage-80":
    case "usage-100":
      return `${notice.kind}:${notice.month.slice(0, 7)}`;
    case "trial-2d":
    case "trial-end":
      return `${notice.kind}:${bangkokDate(notice.trialEndsAt)}`;
  }
}

function bangkokDate(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
}

/** "30 พฤศจิกายน 2569 เวลา 14:00 น." / "30 November 2026 at 14:00" (Asia/Bangkok). */
function formatMoment(at: Date, locale: Locale): string {
  const date = new Intl.DateTimeFormat(locale === "th" ? "th-TH-u-ca-buddhist" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Asia/Bangkok",
  }).format(at);
  const time = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Asia/Bangkok",
  }).format(at);
  return locale === "th" ? `${date} เวลา ${time} น.` : `${date} at ${time}`;
}

/** "พฤศจิกายน 2569" / "November 2026" for a month's first day "2026-11-01". */
function formatMonth(month: string, locale: Locale): string {
  const [year, monthNumber] = month.split("-").map(Number);
  return new Intl.DateTimeFormat(locale === "th" ? "th-TH-u-ca-buddhist" : "en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year!, monthNumber! - 1, 15)));
}

const count = (n: number) => n.toLocaleString("en-US");

/** Subject and plain text of a notice in the owner's language. */
export function composePlanNotice(
  notice: PlanNotice,
  input: { locale: Locale; name: string; billingUrl: string },
): { subject: string; text: string } {
  const th = input.locale === "th";
  const name = escapeLine(input.name).slice(0, 100);
  const greeting = th ? `สวัสดี${name ? ` คุณ${name}` : ""}` : `Hello${name ? ` ${name}` : ""},`;
  const sign = th ? `ทีมงาน ${brand.name}` : `The ${brand.name} team`;
  let subject: string;
  let body: string;
  switch (notice.kind) {
    case "usage-80": {
      const month = formatMonth(notice.month, input.locale);
      subject = th
        ? `ผู้ใช้ต่อเดือนของคุณถึง 80% แล้ว (${month})`
        : `You have used 80% of your users per month (${month})`;
      body = th
        ? `เดือน${month} แชทบอทของคุณคุยกับผู้ติดต่อไปแล้ว ${count(notice.used)} จาก ${count(notice.allowance)} คนที่แพ็กเกจของคุณรองรับ\n\nเมื่อครบ 100% แชทบอทจะยังตอบผู้ติดต่อที่คุยแล้วในเดือนนี้ แต่ผู้ติดต่อใหม่จะได้รับข้อความขออภัย และข้อความของเขาจะรอทีมงานตอบในกล่องข้อความ หากต้องการรองรับผู้ติดต่อมากขึ้น อัปเกรดแพ็กเกจได้ที่ ${input.billingUrl}`
        : `In ${month} your chatbots have talked with ${count(notice.used)} of the ${count(notice.allowance)} contacts your plan includes.\n\nAt 100%, your chatbots keep answering the contacts they already talked with this month; new contacts get a polite apology and their messages wait for your team in the inbox. To take more contacts, upgrade your plan at ${input.billingUrl}`;
      break;
    }
    case "usage-100": {
      const month = formatMonth(notice.month, input.locale);
      subject = th
        ? `ผู้ใช้ต่อเดือนของคุณครบตามแพ็กเกจแล้ว (${month})`
        : `You have reached your users per month (${month})`;
      body = th
        ? `เดือน${month} แชทบอทของคุณคุยกับผู้ติดต่อครบ ${count(notice.allowance)} คนตามแพ็กเกจแล้ว\n\nแชทบอทยังตอบผู้ติดต่อที่คุยแล้วในเดือนนี้ตามปกติ ส่วนผู้ติดต่อใหม่จะได้รับข้อความขออภัย ข้อความของเขาถูกเก็บไว้ในกล่องข้อความเพื่อให้ทีมงานตอบ ไม่มีข้อความใดหายไป จำนวนจะเริ่มใหม่ในวันที่ 1 ของเดือนหน้า (เวลาประเทศไทย) หรืออัปเกรดแพ็กเกจได้ทันทีที่ ${input.billingUrl}`
        : `In ${month} your chatbots have talked with all ${count(notice.allowance)} contacts your plan includes.\n\nThey keep answering the contacts they already talked with this month. New contacts get a polite apology, and their messages are kept in the inbox for your team to answer: nothing is lost. The count starts again on the 1st of next month (Thailand time), or upgrade your plan now at ${input.billingUrl}`;
      break;
    }
    case "trial-2d": {
      const when = formatMoment(notice.trialEndsAt, input.locale);
      subject = th ? "ช่วงทดลองใช้ฟรีของคุณจะสิ้นสุดในอีก 2 วัน" : "Your free trial ends in 2 days";
      body = th
        ? `ช่วงทดลองใช้ฟรีของคุณจะสิ้นสุดวันที่ ${when}\n\nเลือกแพ็กเกจก่อนวันนั้นเพื่อให้แชทบอทตอบลูกค้าต่อได้โดยไม่สะดุด บอท ฐานความรู้ และบทสนทนาทั้งหมดยังอยู่ครบ เลือกแพ็กเกจได้ที่ ${input.billingUrl}`
        : `Your free trial ends on ${when}.\n\nChoose a plan before then and your chatbots keep answering without a break. Your bots, knowledge base and conversations are all kept. Choose a plan at ${input.billingUrl}`;
      break;
    }
    case "trial-end": {
      subject = th ? "ช่วงทดลองใช้ฟรีของคุณสิ้นสุดแล้ว" : "Your free trial has ended";
      body = th
        ? `ช่วงทดลองใช้ฟรีของคุณสิ้นสุดแล้ว ช่องทางของแชทบอทหยุดตอบชั่วคราว: ลูกค้าที่ทักมาจะได้รับข้อความขออภัย และข้อความของเขาจะถูกเก็บไว้ในกล่องข้อความ\n\nบอท ฐานความรู้ และบทสนทนาทั้งหมดยังอยู่ครบ เมื่อเลือกแพ็กเกจ แชทบอทจะกลับมาตอบทันที เลือกแพ็กเกจได้ที่ ${input.billingUrl}`
        : `Your free trial has ended, so your chatbots' channels are paused: customers who write get a polite apology, and their messages are kept in the inbox.\n\nYour bots, knowledge base and conversations are all kept. Choose a plan and your chatbots answer again at once: ${input.billingUrl}`;
      break;
    }
  }
  return { subject, text: `${greeting}\n\n${body}\n\n${sign}\n` };
}

/**
 * Sends `notice` to the owner once (by its key), in their language, in `tx`. Returns whether
 * it was queued now (false: sent before, or the owner is gone).
 */
export async function sendPlanNotice(
  tx: Db | Transaction,
  input: { ownerId: string; publicUrl: string; notice: PlanNotice },
): Promise<boolean> {
  const [owner] = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, input.ownerId));
  if (!owner) return false;
  const claimed = await tx
    .insert(billingNotices)
    .values({ ownerId: input.ownerId, key: planNoticeKey(input.notice) })
    .onConflictDoNothing()
    .returning({ key: billingNotices.key });
  if (claimed.length === 0) return false;
  const locale: Locale = owner.locale === "th" ? "th" : "en";
  const billingUrl = `${input.publicUrl.replace(/\/+$/, "")}${localizePath("/app/billing", locale)}`;
  const { subject, text } = composePlanNotice(input.notice, {
    locale,
    name: owner.name,
    billingUrl,
  });
  await tx.insert(emailOutbox).values({
    kind: planNoticeEmailKind,
    toAddress: owner.email,
    subject: escapeLine(subject),
    textBody: text,
  });
  return true;
}

function toPlanId(value: string): PlanId {
  return (planIds as readonly string[]).includes(value) ? (value as PlanId) : "free";
}

/**
 * One round of the plan notices job: the usage notices stamped by admitContact and not sent
 * yet (this month and the last), and the trial reminders due now. Returns how many notices
 * it looked at (the job polls again at once after a full batch).
 */
export async function runPlanNotices(
  db: Db,
  input: { publicUrl: string; now?: Date; batchSize?: number },
): Promise<number> {
  const now = input.now ?? new Date();
  const limit = input.batchSize ?? 50;
  const month = bangkokMonth(now);
  const previousMonth = bangkokMonth(new Date(Date.parse(`${month}T00:00:00Z`) - dayMs));

  // Usage: a stamp without its notice. 100% replaces 80% when both are due.
  const usage = await db
    .select({
      ownerId: monthlyUsage.ownerId,
      month: monthlyUsage.month,
      contacts: monthlyUsage.contacts,
      notified100At: monthlyUsage.notified100At,
      planId: ownerPlans.planId,
    })
    .from(monthlyUsage)
    .innerJoin(ownerPlans, eq(ownerPlans.ownerId, monthlyUsage.ownerId))
    .where(
      sql`${monthlyUsage.month} in (${month}::date, ${previousMonth}::date) and (
        (${monthlyUsage.notified100At} is not null and not exists (
          select 1 from ${billingNotices} where ${billingNotices.ownerId} = ${monthlyUsage.ownerId}
            and ${billingNotices.key} = 'usage-100:' || to_char(${monthlyUsage.month}, 'YYYY-MM')))
        or (${monthlyUsage.notified80At} is not null and ${monthlyUsage.notified100At} is null
          and not exists (
          select 1 from ${billingNotices} where ${billingNotices.ownerId} = ${monthlyUsage.ownerId}
            and ${billingNotices.key} = 'usage-80:' || to_char(${monthlyUsage.month}, 'YYYY-MM'))))`,
    )
    .limit(limit);

  // Trials: ending within 2 days, or ended within the last day, without that notice yet.
  const trials = await db
    .select({ ownerId: ownerPlans.ownerId, trialEndsAt: ownerPlans.trialEndsAt })
    .from(ownerPlans)
    .where(
      sql`${ownerPlans.planId} = 'free' and ${ownerPlans.trialEndsAt} is not null
        and ${ownerPlans.trialEndsAt} > ${new Date(now.getTime() - dayMs).toISOString()}::timestamptz
        and ${ownerPlans.trialEndsAt} <= ${new Date(now.getTime() + 2 * dayMs).toISOString()}::timestamptz
        and not exists (select 1 from ${billingNotices} where ${billingNotices.ownerId} = ${ownerPlans.ownerId}
          and ${billingNotices.key} = (case when ${ownerPlans.trialEndsAt} <= ${now.toISOString()}::timestamptz
            then 'trial-end:' else 'trial-2d:' end)
            || to_char(${ownerPlans.trialEndsAt} at time zone 'Asia/Bangkok', 'YYYY-MM-DD'))`,
    )
    .limit(limit);

  for (const row of usage) {
    const allowance = getPlan(toPlanId(row.planId)).allowances.usersPerMonth;
    if (allowance === "unlimited") {
      // Stamped before the plan became unlimited: nothing to tell, but not looked at again.
      const kind = row.notified100At ? "usage-100" : "usage-80";
      await db
        .insert(billingNotices)
        .values({ ownerId: row.ownerId, key: `${kind}:${String(row.month).slice(0, 7)}` })
        .onConflictDoNothing();
      continue;
    }
    const notice: PlanNotice = {
      kind: row.notified100At ? "usage-100" : "usage-80",
      month: String(row.month),
      used: row.contacts,
      allowance,
    };
    await db.transaction((tx) =>
      sendPlanNotice(tx, { ownerId: row.ownerId, publicUrl: input.publicUrl, notice }),
    );
  }
  for (const row of trials) {
    const trialEndsAt = row.trialEndsAt!;
    const notice: PlanNotice = {
      kind: trialEndsAt.getTime() <= now.getTime() ? "trial-end" : "trial-2d",
      trialEndsAt,
    };
    await db.transaction((tx) =>
      sendPlanNotice(tx, { ownerId: row.ownerId, publicUrl: input.publicUrl, notice }),
    );
  }
  return usage.length + trials.length;
}
