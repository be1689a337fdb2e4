import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";
import { useCommonMessages } from "~/i18n/messages";
import { useLocalizedPath } from "./locale-link";

type NavButtonProps = Pick<ButtonProps, "variant" | "size" | "className"> & {
  /** English path; localized for Thai pages. */
  to: string;
  children: ReactNode;
  onNavigate?: () => void;
};

/**
 * A button-styled link that reads "Loading..." while the router is really on its way to the
 * target (route code and data loading), with no artificial delay.
 */
export function NavButton({ to, children, onNavigate, ...buttonProps }: NavButtonProps) {
  const navigation = useNavigation();
  const messages = useCommonMessages();
  const target = useLocalizedPath()(to);
  const targetPath = target.split(/[?#]/)[0];
  const isPending = navigation.state !== "idle" && navigation.location?.pathname === targetPath;
  return (
    <Button asChild {...buttonProps}>
      <Link to={target} aria-busy={isPending || undefined} onClick={onNavigate}>
        {isPending ? messages.nav.loading : children}
      </Link>
    </Button>
  );
}
