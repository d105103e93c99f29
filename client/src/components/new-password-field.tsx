import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { MIN_PASSWORD_LENGTH } from '@redflag/contracts/constants';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';

/**
 * The field where a password is chosen: at sign-up, after a verification link, and on /account. It can be
 * shown while typed, and the rule is said once: while an error states it (too short, too common), the hint
 * gives way.
 */
export function NewPasswordField<TValues extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl hasDescription={!fieldState.error}>
            <PasswordInput {...field} value={(field.value as string | undefined) ?? ''} autoComplete="new-password" />
          </FormControl>
          <FormMessage />
          {fieldState.error ? null : (
            <FormDescription>
              At least {MIN_PASSWORD_LENGTH} characters. Common passwords are not accepted.
            </FormDescription>
          )}
        </FormItem>
      )}
    />
  );
}
