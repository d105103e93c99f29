import type { Share } from '@redflag/contracts/feedback';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer, server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import SharePanel from './SharePanel';

const SHARE = '*/api/scans/scan-1/share';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const OFF_HINT = 'Off: the link shows nothing of the message, not even the highlighted words.';
const ON_HINT = 'On: the link shows the whole message to anyone who opens it.';

const share = (includeMessage: boolean): Share => ({
  token: TOKEN,
  path: `/r/${TOKEN}`,
  includeMessage,
  createdAt: '2026-11-23T10:00:00.000Z',
});

/** The scan's link as the server holds it; every PUT body and DELETE is recorded. */
function shareServer(initial: Share | null) {
  let current = initial;
  const calls = { saved: [] as unknown[], revoked: 0 };
  server.use(
    http.get(SHARE, () => HttpResponse.json({ share: current })),
    http.put(SHARE, async ({ request }) => {
      const body = (await request.json()) as { includeMessage: boolean };
      calls.saved.push(body);
      current = share(body.includeMessage);
      return HttpResponse.json({ share: current });
    }),
    http.delete(SHARE, () => {
      calls.revoked++;
      current = null;
      return HttpResponse.json({ revoked: 1 });
    }),
  );
  return calls;
}

const includeBox = () => screen.getByRole('checkbox', { name: 'Show the message text on the shared page' });

describe('SharePanel', () => {
  it('says what the link would show in the state the switch is in, and makes the link only on Create link', async () => {
    const calls = shareServer(null);
    const { user } = renderWithApp(<SharePanel scanId="scan-1" />);
    const create = await screen.findByRole('button', { name: 'Create link' });
    await expect.poll(() => create).toBeEnabled();
    expect(includeBox()).not.toBeChecked();
    expect(includeBox()).toHaveAccessibleName('Show the message text on the shared page');
    expect(includeBox()).toHaveAccessibleDescription(OFF_HINT);
    expect(screen.queryByText(ON_HINT)).toBeNull();

    await user.click(includeBox());
    expect(includeBox()).toBeChecked();
    expect(screen.getByText(ON_HINT)).toBeVisible();
    expect(screen.queryByText(OFF_HINT)).toBeNull();
    // No link exists yet, so ticking the box sends nothing.
    expect(calls.saved).toEqual([]);

    await user.click(create);
    expect(await screen.findByRole('textbox', { name: 'Link to this result' })).toHaveValue(
      `${window.location.origin}/r/${TOKEN}`,
    );
    expect(calls.saved).toEqual([{ includeMessage: true }]);
  });

  it('changes what an existing link shows at once when the switch is flipped', async () => {
    const calls = shareServer(share(true));
    const { user } = renderWithApp(<SharePanel scanId="scan-1" />);
    await screen.findByRole('textbox', { name: 'Link to this result' });
    expect(includeBox()).toBeChecked();
    expect(screen.getByText(ON_HINT)).toBeVisible();

    await user.click(includeBox());
    await expect.poll(() => calls.saved).toEqual([{ includeMessage: false }]);
    expect(screen.getByText(OFF_HINT)).toBeVisible();
    await expect.poll(() => includeBox()).toBeEnabled();
    expect(includeBox()).not.toBeChecked();
  });

  it('copies the link', async () => {
    shareServer(share(false));
    const { user } = renderWithApp(<SharePanel scanId="scan-1" />);
    await screen.findByRole('textbox', { name: 'Link to this result' });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/r/${TOKEN}`);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeVisible();
  });

  it('removes the link on Stop sharing and says what someone who opens it now sees', async () => {
    const calls = shareServer(share(false));
    const { user } = renderWithApp(<SharePanel scanId="scan-1" />);
    await screen.findByRole('textbox', { name: 'Link to this result' });
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));

    expect(
      await screen.findByText('Link removed. Anyone who opens it now sees that it no longer exists.'),
    ).toBeVisible();
    expect(calls.revoked).toBe(1);
    expect(screen.queryByRole('textbox', { name: 'Link to this result' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create link' })).toBeVisible();
  });

  it('says when the link could not be changed, and keeps it', async () => {
    shareServer(share(false));
    server.use(http.delete(SHARE, () => errorAnswer(500, 'INTERNAL_ERROR', 'boom')));
    const { user } = renderWithApp(<SharePanel scanId="scan-1" />);
    await screen.findByRole('textbox', { name: 'Link to this result' });
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));

    expect(await screen.findByText('We could not change the link. Please try again.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Link to this result' })).toBeVisible();
  });
});
