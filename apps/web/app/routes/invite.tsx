import { data } from "react-router";
import { InvitePage, type InvitePageData } from "~/features/workspace-team/invite-page";
import { workspaceTeamMessages } from "~/features/workspace-team/messages";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/invite";

// The token is in the URL: nothing cached, and no Referer carrying it elsewhere.
const inviteHeaders = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/** A teammate's invitation link: the invitation as anyone holding it sees it, and who is here. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.services;
  if (!services) throw new Response("Service unavailable", { status: 503 });
  const { token } = params;
  const invitation = await services.workspaces.invitations.info(token);
  if (!invitation) throw new Response("Not found", { status: 404, headers: inviteHeaders });
  const invitedEmail = (await services.workspaces.invitations.invitedEmail(token)) ?? "";
  const user = await services.accounts.getSessionUser(request);
  return data<InvitePageData>(
    {
      token,
      invitation,
      invitedEmail,
      viewer: user
        ? {
            email: user.email,
            isInvited: user.email.toLowerCase() === invitedEmail,
            emailVerified: user.emailVerified,
          }
        : null,
    },
    { headers: inviteHeaders },
  );
}

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const locale = getLocaleFromPath(location.pathname);
  const texts = workspaceTeamMessages[locale].meta.invite;
  return pageMeta({
    locale,
    path: "/invite",
    title: texts.title,
    description: texts.description,
    publicUrl: getPublicUrl(matches),
    noIndex: true,
  });
};

export const headers = () => inviteHeaders;

export default function InviteRoute({ loaderData }: Route.ComponentProps) {
  return <InvitePage data={loaderData} />;
}
