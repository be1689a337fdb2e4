import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { Input } from "~/components/ui/input";
import { useMessages } from "~/i18n/use-locale";
import { accountMessages } from "./messages";

type PasswordInputProps = Omit<ComponentProps<"input">, "type"> & {
  autoComplete: "current-password" | "new-password";
};

/** A password field with a show / hide button (people mistype passwords they cannot see). */
export function PasswordInput({ className, ...props }: PasswordInputProps) {
  const m = useMessages(accountMessages);
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        {...props}
        type={isVisible ? "text" : "password"}
        autoCapitalize="none"
        spellCheck={false}
        className={`pr-11 ${className ?? ""}`}
      />
      <button
        type="button"
        onClick={() => setIsVisible((visible) => !visible)}
        aria-label={isVisible ? m.hidePassword : m.showPassword}
        aria-pressed={isVisible}
        className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {isVisible ? (
          <EyeOff className="size-4" aria-hidden="true" />
        ) : (
          <Eye className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
