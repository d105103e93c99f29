import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer, server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { DataRightsActions } from './DataRightsActions';

const DELETE = '*/api/account/delete';
const EMAIL = 'ana@example.com';

async function confirmDeletion(subscription: Parameters<typeof DataRightsActions>[0]['subscription'] = null) {
  const { user } = renderWithApp(
    <DataRightsActions email={EMAIL} subscription={subscription} onDeleted={() => undefined} />,
  );
  await user.click(screen.getByRole('button', { name: 'Delete Account' }));
  const field = await screen.findByRole('textbox', { name: 'Type your e-mail address to confirm' });
  await user.type(field, EMAIL);
  await user.click(
    screen.getByRole('button', { name: subscription ? 'Cancel subscription and delete account' : 'Delete my account' }),
  );
  return field;
}

describe('DataRightsActions: a failed deletion', () => {
  it("shows the server's refusal in its own words and keeps the typed address", async () => {
    server.use(
      http.post(DELETE, () =>
        errorAnswer(409, 'CONFLICT', 'Cancel your subscription in the billing portal first, then delete your account.'),
      ),
    );
    const field = await confirmDeletion();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cancel your subscription in the billing portal first, then delete your account.',
    );
    expect(field).toHaveValue(EMAIL);
  });

  it('never shows the message of a 500, and says what was and was not done after cancelling', async () => {
    server.use(http.post(DELETE, () => errorAnswer(500, 'INTERNAL_ERROR', 'relation "scans" is locked')));
    await confirmDeletion({
      what: 'Your free trial',
      next: 'turns into Premium when it ends',
      cancel: async () => undefined,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your subscription is cancelled and nothing more will be charged, but your account was not deleted. Something went wrong. Please try again.',
    );
    expect(alert).not.toHaveTextContent('relation');
  });

  it('says RedFlag could not be reached when no answer came', async () => {
    server.use(http.post(DELETE, () => HttpResponse.error()));
    await confirmDeletion();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach RedFlag. Check your internet connection and try again.',
    );
  });
});
