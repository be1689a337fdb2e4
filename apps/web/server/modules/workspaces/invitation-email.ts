import { brand } from "@jai/contracts";
import { inboxLimits } from "@jai/contracts/inbox";
import { type Locale, localizePath } from "@jai/contracts/locale";
import { invitationEmailTexts } from "@jai/contracts/team-emails";
import { and, count, type Db, emailOutbox, eq, gt, sql } from "@jai/db";
import { AppError } from "../../http/errors";
import { escapeLine } from "../../services/mail/escape-plain-text";

/** The outbox's name for these emails (dashboards and the per-address limit count them). */
export const invitationEmailKind = "invitation";

/** Invitation emails one address may receive per hour, from every workspace together. */
export const invitationEmailsPerAddressPerHour = 5;

/** Retries of an invitation email: it stays useful for days, unlike a sign-in link. */
const invitationEmailMaxAttempts = 10;

export type InvitationEmail = {
  to: string;
  locale: Locale;
  inviterName: string;
  workspaceName: string;
  role: "admin" | "agent";
  token: string;
};

/** The invitation link: `{PUBLIC_URL}/invite/<token>`, or `/th/invite/<token>` in Thai. */
export function invitationLink(publicUrl: string, locale: Locale, token: string): string {
  return `${publicUrl}${localizePath(`/invite/${token}`, locale)}`;
}

/** Subject and plain text of an invitation in its language. */
export function buildInvitationEmail(
  publicUrl: string,
  email: InvitationEmail,
): { subject: string; text: string } {
  const texts = invitationEmailTexts[email.locale];
  const input = {
    brand: brand.name,
    inviterName: escapeLine(email.inviterName).slice(0, 100) || brand.name,
    workspaceName: escapeLine(email.workspaceName).slice(0, 100),
    role: email.role,
    link: invitationLink(publicUrl, email.locale, email.token),
    days: inboxLimits.invitationDays,
  };
  return { subject: escapeLine(texts.subject(input)), text: `${texts.body(input)}\n` };
}

/**
 * Queues an invitation in the caller's transaction (the invitation and its email commit
 * together). RATE_LIMITED past `invitationEmailsPerAddressPerHour` to one address: nobody can
 * use invitations to flood someone's mailbox. The link is only in the outbox row and the email.
 */
export async function enqueueInvitationEmail(
  tx: Db,
  publicUrl: string,
  email: InvitationEmail,
): Promise<void> {
  const address = email.to.trim().toLowerCase();
  const [recent] = await tx
    .select({ total: count() })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.kind, invitationEmailKind),
        eq(emailOutbox.toAddress, address),
        gt(emailOutbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  if ((recent?.total ?? 0) >= invitationEmailsPerAddressPerHour) {
    throw new AppError("RATE_LIMITED", { retryAfterSeconds: 60 * 60 });
  }
  const { subject, text } = buildInvitationEmail(publicUrl, email);
  await tx.insert(emailOutbox).values({
    kind: invitationEmailKind,
    toAddress: address,
    subject,
    textBody: text,
    maxAttempts: invitationEmailMaxAttempts,
  });
}
