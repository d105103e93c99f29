import { AuthDialog } from './AuthDialog';
import { AuthErrorDialog } from './AuthErrorDialog';
import { AuthUrlEffects } from './AuthUrlEffects';
import { ChoosePasswordDialog } from './ChoosePasswordDialog';
import { ConfirmEmailChangeDialog } from './ConfirmEmailChangeDialog';
import { RecoveryDialog } from './RecoveryDialog';
import { VerifyEmailDialog } from './VerifyEmailDialog';

/** Every accounts dialog plus the address handling, mounted once inside the router (RootLayout). */
export function AuthDialogs() {
  return (
    <>
      <AuthUrlEffects />
      <AuthDialog />
      <VerifyEmailDialog />
      <RecoveryDialog />
      <ChoosePasswordDialog />
      <ConfirmEmailChangeDialog />
      <AuthErrorDialog />
    </>
  );
}
