import { brand } from "@jai/contracts";
import { Clock, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { siFacebook, siLine } from "simple-icons";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { useCommonMessages } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-locale";
import { contactMessages } from "./messages";

function BrandIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5 fill-current" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

type InfoItemProps = {
  icon: ReactNode;
  iconClassName: string;
  title: string;
  children: ReactNode;
};

function InfoItem({ icon, iconClassName, title, children }: InfoItemProps) {
  return (
    <li className="flex items-start gap-4">
      <span
        className={`flex size-11 shrink-0 items-center justify-center rounded-xl ${iconClassName}`}
        aria-hidden="true"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-sm">{title}</h3>
        <div className="text-muted-foreground text-sm">{children}</div>
      </div>
    </li>
  );
}

const linkClass =
  "break-all rounded-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function ContactInfoCard() {
  const m = useMessages(contactMessages);
  const common = useCommonMessages();
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold text-xl leading-tight">{m.info.title}</h2>
        <CardDescription>{m.info.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-6">
          <InfoItem
            icon={<Mail className="size-5" />}
            iconClassName="bg-accent text-primary"
            title={m.info.email}
          >
            <a href={`mailto:${brand.contactEmail}`} className={linkClass}>
              {brand.contactEmail}
            </a>
          </InfoItem>
          <InfoItem
            icon={<BrandIcon path={siFacebook.path} />}
            iconClassName="bg-[#0866ff]/10 text-[#0866ff]"
            title={m.info.facebook}
          >
            <a
              href={brand.facebookUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass}
            >
              {m.info.facebookText} <span className="sr-only">{common.externalLink}</span>
            </a>
          </InfoItem>
          <InfoItem
            icon={<BrandIcon path={siLine.path} />}
            iconClassName="bg-[#06c755]/10 text-[#06c755]"
            title={m.info.line}
          >
            <a href={brand.lineUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {brand.lineId} <span className="sr-only">{common.externalLink}</span>
            </a>
          </InfoItem>
          <InfoItem
            icon={<Clock className="size-5" />}
            iconClassName="bg-amber-100 text-amber-700"
            title={m.info.responseTitle}
          >
            <p>{m.info.responseNote}</p>
          </InfoItem>
        </ul>
      </CardContent>
    </Card>
  );
}
