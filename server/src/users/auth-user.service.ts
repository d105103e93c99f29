import type { AuthUserResponse } from '@redflag/contracts/auth';
import { createAuthRepo } from '../auth/auth.repo.ts';
import type { SessionUser } from '../auth/session.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { getAccountBillingState } from '../billing/billing-state.ts';

/** GET /api/auth/user (docs/product.md §7): the user's fields plus their billing state. */
export async function getAuthUser(ctx: AppContext, sessionUser: SessionUser): Promise<AuthUserResponse> {
  const repo = createAuthRepo(ctx.database.db);
  const row = await repo.findUserById(sessionUser.id);
  if (!row) throw new AppError('UNAUTHORIZED');
  const billing = await getAccountBillingState(ctx, row.id);
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    firstName: row.firstName,
    lastName: row.lastName,
    name: row.name || null,
    profileImageUrl: row.image,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    subscriptionStatus: billing.subscriptionStatus,
    paymentSetupComplete: billing.paymentSetupComplete,
  };
}
