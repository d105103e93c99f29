import { FEEDBACK_CONSENT_TEXT, type Feedback, type FeedbackInput } from '@redflag/contracts/feedback';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer, server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import FeedbackPanel from './FeedbackPanel';

const FEEDBACK = '*/api/scans/scan-1/feedback';

function stored(answer: FeedbackInput): Feedback {
  return {
    scanId: 'scan-1',
    ...answer,
    engineVersion: 'test-engine-1',
    riskScore: 86,
    scamType: 'delivery_smishing',
    updatedAt: '2026-11-23T10:00:00.000Z',
  };
}

/** The answer as the server holds it; every PUT body is recorded. */
function feedbackServer(initial: Feedback | null) {
  let current = initial;
  const sent: unknown[] = [];
  server.use(
    http.get(FEEDBACK, () => HttpResponse.json({ feedback: current })),
    http.put(FEEDBACK, async ({ request }) => {
      const body = (await request.json()) as FeedbackInput;
      sent.push(body);
      current = stored(body);
      return HttpResponse.json({ feedback: current });
    }),
  );
  return sent;
}

const status = () => screen.getByRole('status');

describe('FeedbackPanel: "Was this right?"', () => {
  it('sends the answer chosen with the note and consent, then thanks the user', async () => {
    const sent = feedbackServer(null);
    const { user } = renderWithApp(<FeedbackPanel scanId="scan-1" />);
    await user.click(await screen.findByRole('radio', { name: 'Not a scam' }));
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), '  It was my bank, I called them  ');
    await user.click(screen.getByRole('checkbox', { name: (name) => name.startsWith(FEEDBACK_CONSENT_TEXT) }));
    await user.click(screen.getByRole('button', { name: 'Send answer' }));

    await expect.poll(() => status().textContent).toBe('Thanks, your answer is saved.');
    expect(sent).toEqual([{ label: 'not_scam', note: 'It was my bank, I called them', consentToUseText: true }]);
    // Saved and unchanged: nothing more to send until the answer changes.
    expect(screen.getByRole('button', { name: 'Update answer' })).toBeDisabled();
  });

  it('asks for an answer before sending anything', async () => {
    const sent = feedbackServer(null);
    const { user } = renderWithApp(<FeedbackPanel scanId="scan-1" />);
    await user.click(await screen.findByRole('button', { name: 'Send answer' }));
    expect(status()).toHaveTextContent('Choose Scam, Not a scam or Not sure');
    expect(sent).toEqual([]);
  });

  it('starts from the stored answer, and sends a changed one', async () => {
    const sent = feedbackServer(stored({ label: 'scam', note: null, consentToUseText: false }));
    const { user } = renderWithApp(<FeedbackPanel scanId="scan-1" />);
    expect(await screen.findByRole('radio', { name: 'Scam' })).toBeChecked();
    expect(status()).toHaveTextContent('You answered: Scam');
    const update = screen.getByRole('button', { name: 'Update answer' });
    expect(update).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Not sure' }));
    expect(screen.getByRole('radio', { name: 'Scam' })).not.toBeChecked();
    expect(update).toBeEnabled();
    await user.click(update);

    await expect.poll(() => status().textContent).toBe('Thanks, your answer is saved.');
    expect(sent).toEqual([{ label: 'not_sure', note: null, consentToUseText: false }]);
  });

  it('says when the answer could not be saved, and keeps it to send again', async () => {
    feedbackServer(null);
    server.use(http.put(FEEDBACK, () => errorAnswer(500, 'INTERNAL_ERROR', 'boom')));
    const { user } = renderWithApp(<FeedbackPanel scanId="scan-1" />);
    await user.click(await screen.findByRole('radio', { name: 'Scam' }));
    await user.click(screen.getByRole('button', { name: 'Send answer' }));

    await expect.poll(() => status().textContent).toBe('We could not save your answer. Please try again.');
    expect(screen.getByRole('radio', { name: 'Scam' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Send answer' })).toBeEnabled();
  });
});
