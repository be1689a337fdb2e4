import { useMessages } from "~/i18n/use-locale";
import { AuthField, describedBy } from "./auth-field";
import { accountMessages } from "./messages";
import { PasswordInput } from "./password-input";
import { PasswordStrength } from "./password-strength";
import type { useAuthForm } from "./use-auth-form";

type NewPasswordFieldsProps = {
  form: ReturnType<typeof useAuthForm>;
  /** Builds the form's element ids ("newPassword" → "<prefix>-newPassword"). */
  id: (name: string) => string;
  /** The new password as typed, for the strength hint (the parent may clear it after saving). */
  password: string;
  onPasswordChange: (password: string) => void;
};

/** "New password" with its strength hint and "Confirm password", as reset and change use them. */
export function NewPasswordFields({
  form,
  id,
  password,
  onPasswordChange,
}: NewPasswordFieldsProps) {
  const m = useMessages(accountMessages);
  return (
    <>
      <AuthField
        id={id("newPassword")}
        label={m.fields.newPassword}
        error={form.fieldErrors.newPassword}
        hint={<PasswordStrength password={password} />}
      >
        <PasswordInput
          id={id("newPassword")}
          name="newPassword"
          autoComplete="new-password"
          required
          maxLength={128}
          onChange={(event) => {
            onPasswordChange(event.target.value);
            form.clearFieldError("newPassword");
          }}
          {...describedBy(id("newPassword"), { error: form.fieldErrors.newPassword, hint: true })}
        />
      </AuthField>
      <AuthField
        id={id("confirmPassword")}
        label={m.fields.confirmPassword}
        error={form.fieldErrors.confirmPassword}
      >
        <PasswordInput
          id={id("confirmPassword")}
          name="confirmPassword"
          autoComplete="new-password"
          required
          maxLength={128}
          onChange={() => form.clearFieldError("confirmPassword")}
          {...describedBy(id("confirmPassword"), { error: form.fieldErrors.confirmPassword })}
        />
      </AuthField>
    </>
  );
}
