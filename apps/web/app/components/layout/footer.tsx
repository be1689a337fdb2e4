import { brand } from "@jai/contracts";
import { useCommonMessages } from "~/i18n/messages";
import { LocaleLink } from "./locale-link";
import { Logo } from "./logo";

const linkClass =
  "rounded-sm text-muted-foreground text-sm transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function Footer() {
  const messages = useCommonMessages();
  const { footer } = messages;
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-6 lg:px-8">
        <div className="md:col-span-2">
          <Logo />
          <p className="mt-3 max-w-xs text-muted-foreground text-sm">{footer.tagline}</p>
        </div>
        <FooterColumn title={footer.product}>
          <LocaleLink to="/" className={linkClass}>
            {footer.features}
          </LocaleLink>
          <LocaleLink to="/pricing" className={linkClass}>
            {footer.pricing}
          </LocaleLink>
          <LocaleLink to="/docs/api" className={linkClass}>
            {footer.apiDocs}
          </LocaleLink>
        </FooterColumn>
        <FooterColumn title={footer.contact}>
          <LocaleLink to="/contact" className={linkClass}>
            {footer.contactUs}
          </LocaleLink>
          <LocaleLink to="/team" className={linkClass}>
            {footer.aboutUs}
          </LocaleLink>
        </FooterColumn>
        <FooterColumn title={footer.followUs}>
          <a href={brand.lineUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {footer.line} <span className="sr-only">{messages.externalLink}</span>
          </a>
          <a
            href={brand.facebookUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          >
            {footer.facebook} <span className="sr-only">{messages.externalLink}</span>
          </a>
        </FooterColumn>
        <FooterColumn title={footer.legal}>
          <LocaleLink to="/privacy-policy" className={linkClass}>
            {footer.privacyPolicy}
          </LocaleLink>
          <LocaleLink to="/tos" className={linkClass}>
            {footer.termsOfService}
          </LocaleLink>
          <LocaleLink to="/pdpa" className={linkClass}>
            {footer.pdpa}
          </LocaleLink>
        </FooterColumn>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-muted-foreground text-sm sm:px-6 lg:px-8">
          {footer.copyright(brand.copyrightYear, brand.name)}
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="font-semibold text-sm">{title}</h2>
      <ul className="mt-3 flex flex-col gap-2">
        {(Array.isArray(children) ? children : [children]).map((child, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static list of links
          <li key={index}>{child}</li>
        ))}
      </ul>
    </div>
  );
}
