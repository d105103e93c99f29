import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { errorAnswer, server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { ContactDialog } from './ContactDialog';

const CONTACT = '*/api/contact';

/** The dialog opened the way the app opens it, with its open state held outside. */
function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'dialog open' : 'dialog closed'}</p>
      <ContactDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function contactServer() {
  const sent: unknown[] = [];
  server.use(
    http.post(CONTACT, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ ok: true, id: 'contact-1' });
    }),
  );
  return sent;
}

function fields() {
  const dialog = within(screen.getByRole('dialog', { name: 'CONTACT US' }));
  return {
    name: dialog.getByRole('textbox', { name: 'Name' }),
    email: dialog.getByRole('textbox', { name: 'Email' }),
    message: dialog.getByRole('textbox', { name: 'Message' }),
    send: dialog.getByRole('button', { name: 'SEND MESSAGE' }),
  };
}

describe('ContactDialog', () => {
  it('asks for every field before sending anything, each one inline', async () => {
    const sent = contactServer();
    const { user } = renderWithApp(<Harness />);
    const { name, email, message, send } = fields();
    await user.click(send);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Missing Information');
    expect(alert).toHaveTextContent('Please fill in all fields.');
    expect(screen.getByText('Please enter your name')).toBeVisible();
    expect(screen.getByText('Please enter your email address')).toBeVisible();
    expect(screen.getByText('Please enter a message')).toBeVisible();
    for (const field of [name, email, message]) expect(field).toHaveAttribute('aria-invalid', 'true');

    // Spaces are not an answer.
    await user.type(name, '   ');
    await user.type(email, 'not-an-address');
    await user.type(message, 'Hello');
    await user.click(send);
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(screen.getByText('Please enter your name')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('keeps what was typed after a failed send and says so inline', async () => {
    server.use(http.post(CONTACT, () => errorAnswer(500, 'INTERNAL_ERROR', 'smtp is down')));
    const { user } = renderWithApp(<Harness />);
    const { name, email, message, send } = fields();
    await user.type(name, 'Ana');
    await user.type(email, 'ana@example.com');
    await user.type(message, 'Is this text from my bank real?');
    await user.click(send);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send message. Please try again.');
    expect(alert).not.toHaveTextContent('smtp');
    expect(name).toHaveValue('Ana');
    expect(email).toHaveValue('ana@example.com');
    expect(message).toHaveValue('Is this text from my bank real?');
    expect(screen.getByText('dialog open')).toBeInTheDocument();
  });

  it('sends the three fields, thanks the user and closes', async () => {
    const sent = contactServer();
    const { user } = renderWithApp(<Harness />);
    const { name, email, message, send } = fields();
    await user.type(name, ' Ana ');
    await user.type(email, 'ana@example.com');
    await user.type(message, 'Is this text from my bank real?');
    await user.click(send);

    expect(await screen.findByText('Message Sent!')).toBeVisible();
    expect(screen.getByText("Thanks for reaching out. We'll get back to you soon.")).toBeVisible();
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'CONTACT US' })).toBeNull();
    expect(sent).toEqual([{ name: 'Ana', email: 'ana@example.com', message: 'Is this text from my bank real?' }]);
  });
});
