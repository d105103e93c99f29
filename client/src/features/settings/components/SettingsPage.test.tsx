import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { SettingsPage } from './SettingsPage';

/** The value beside a label in the account list. */
const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('SettingsPage', () => {
  it("shows the user's e-mail, name and plan, and points to the account page for changes", () => {
    renderWithApp(
      <SettingsPage
        user={{ email: 'ana.lima@example.com', firstName: 'Ana', lastName: 'Lima' }}
        plan={<span>Premium · Active</span>}
        onSignOut={() => undefined}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(value('Email')).toHaveTextContent(/^ana\.lima@example\.com$/);
    expect(value('Name')).toHaveTextContent(/^Ana Lima$/);
    expect(value('Plan')).toHaveTextContent('Premium · Active');
    expect(screen.getByRole('link', { name: 'account page' })).toHaveAttribute('href', '/account');
  });

  it('says a name is not set rather than leaving it blank, and uses what there is of it', () => {
    const { unmount } = renderWithApp(
      <SettingsPage user={{ email: 'ana@example.com', firstName: null, lastName: null }} onSignOut={() => undefined} />,
    );
    expect(value('Name')).toHaveTextContent(/^Not set$/);
    unmount();
    renderWithApp(
      <SettingsPage
        user={{ email: 'ana@example.com', firstName: null, lastName: 'Lima' }}
        onSignOut={() => undefined}
      />,
    );
    expect(value('Name')).toHaveTextContent(/^Lima$/);
  });

  it('signs out on Sign Out', async () => {
    let signedOut = 0;
    const { user } = renderWithApp(
      <SettingsPage
        user={{ email: 'ana@example.com', firstName: 'Ana', lastName: null }}
        onSignOut={() => signedOut++}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(signedOut).toBe(1);
  });

  it('asks a signed-out visitor to sign in and shows no account details', () => {
    renderWithApp(<SettingsPage user={null} onSignOut={() => undefined} />);
    expect(screen.getByText('Please sign in to access settings')).toBeVisible();
    expect(screen.queryByText('Email', { selector: 'dt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });
});
