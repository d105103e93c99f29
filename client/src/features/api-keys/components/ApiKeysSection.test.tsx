import type { ApiKey } from '@redflag/contracts/api';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer, server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { ApiKeysSection } from './ApiKeysSection';

const KEYS = '*/api/api-keys';
const SECRET = 'rf_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';

function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'key-1',
    name: 'Support inbox',
    prefix: 'rf_live_AbCd',
    createdAt: '2026-11-20T09:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

/** The key list as the server holds it; POST adds a key, DELETE marks one revoked. Every call is recorded. */
function keyServer(initial: ApiKey[]) {
  const keys = [...initial];
  const calls = { created: [] as unknown[], revoked: [] as string[] };
  server.use(
    http.get(KEYS, () => HttpResponse.json(keys)),
    http.post(KEYS, async ({ request }) => {
      const body = (await request.json()) as { name: string };
      calls.created.push(body);
      const made = apiKey({
        id: 'key-new',
        name: body.name,
        prefix: SECRET.slice(0, 12),
        createdAt: '2026-11-23T10:00:00.000Z',
      });
      keys.unshift(made);
      return HttpResponse.json({ ...made, key: SECRET }, { status: 201 });
    }),
    http.delete(`${KEYS}/:id`, ({ params }) => {
      const id = String(params.id);
      calls.revoked.push(id);
      const index = keys.findIndex((k) => k.id === id);
      keys[index] = { ...keys[index]!, revokedAt: '2026-11-23T11:00:00.000Z' };
      return HttpResponse.json(keys[index]);
    }),
  );
  return calls;
}

const rows = () => within(screen.getByRole('list', { name: 'Your API keys' })).getAllByTestId('api-key-row');

describe('ApiKeysSection', () => {
  it('creates a key by name, shows the whole key this once with a Copy button, then only its prefix', async () => {
    const calls = keyServer([]);
    const { user } = renderWithApp(<ApiKeysSection />);
    expect(await screen.findByText('You have no API keys yet.')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Key name' }), 'Zapier');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('status');
    expect(shown).toHaveTextContent('Copy your new key “Zapier” now. You will not be able to see it again.');
    expect(within(shown).getByRole('textbox', { name: 'Your new API key' })).toHaveValue(SECRET);
    expect(calls.created).toEqual([{ name: 'Zapier' }]);

    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeVisible();

    // The list shows the new key by name and prefix, never the key itself.
    expect(await screen.findByRole('list', { name: 'Your API keys' })).toHaveTextContent('Zapier');
    expect(rows()[0]).toHaveTextContent(`${SECRET.slice(0, 12)}…`);
    expect(rows()[0]).toHaveTextContent('Never used');
    expect(rows()[0]).not.toHaveTextContent(SECRET);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Your new API key' })).toBeNull();
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Key name' })).toHaveValue('');
  });

  it('asks for a name before sending anything', async () => {
    const calls = keyServer([]);
    const { user } = renderWithApp(<ApiKeysSection />);
    await screen.findByText('You have no API keys yet.');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Please give the key a name')).toBeVisible();
    expect(calls.created).toEqual([]);
  });

  it('lists each key with its last use, and revokes one only after the user confirms', async () => {
    const calls = keyServer([
      apiKey({ id: 'key-1', name: 'Support inbox', lastUsedAt: '2026-11-22T08:30:00.000Z' }),
      apiKey({ id: 'key-2', name: 'Old script', prefix: 'rf_live_ZzZz', revokedAt: '2026-11-01T08:00:00.000Z' }),
    ]);
    const { user } = renderWithApp(<ApiKeysSection />);
    await screen.findByRole('list', { name: 'Your API keys' });
    const [live, revoked] = rows();
    expect(live).toHaveTextContent('Support inbox');
    expect(live).toHaveTextContent('Last used Nov 22, 2026');
    expect(revoked).toHaveTextContent('Revoked');
    expect(within(revoked!).queryByRole('button')).toBeNull();

    // Asking first: Cancel sends nothing.
    await user.click(within(live!).getByRole('button', { name: 'Revoke Support inbox' }));
    expect(live).toHaveTextContent('Apps using it will stop working.');
    await user.click(within(live!).getByRole('button', { name: 'Cancel' }));
    expect(calls.revoked).toEqual([]);

    await user.click(within(live!).getByRole('button', { name: 'Revoke Support inbox' }));
    await user.click(within(live!).getByRole('button', { name: 'Revoke key' }));
    await expect.poll(() => calls.revoked).toEqual(['key-1']);
    // The key stays listed as revoked, with nothing left to press.
    await expect.poll(() => within(rows()[0]!).queryByRole('button')).toBeNull();
    expect(rows()[0]).toHaveTextContent('Revoked');
  });

  it("says the server's refusal above the form and keeps the name typed", async () => {
    keyServer([]);
    server.use(
      http.post(KEYS, () => errorAnswer(409, 'CONFLICT', 'You already have 10 keys. Revoke one to make another.')),
    );
    const { user } = renderWithApp(<ApiKeysSection />);
    await screen.findByText('You have no API keys yet.');
    const name = screen.getByRole('textbox', { name: 'Key name' });
    await user.type(name, 'Eleventh');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You already have 10 keys. Revoke one to make another.');
    expect(name).toHaveValue('Eleventh');
    expect(screen.queryByRole('textbox', { name: 'Your new API key' })).toBeNull();
  });

  it('says when the keys could not be loaded, and loads them again on Try again', async () => {
    let failing = true;
    server.use(
      http.get(KEYS, () => (failing ? errorAnswer(500, 'INTERNAL_ERROR', 'boom') : HttpResponse.json([apiKey()]))),
    );
    const { user } = renderWithApp(<ApiKeysSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your API keys could not be loaded');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your API keys' })).toHaveTextContent('Support inbox');
  });
});
