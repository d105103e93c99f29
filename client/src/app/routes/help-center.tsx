import { LifeBuoy, Mail } from 'lucide-react';
import {
  PREMIUM_PRICE_LABEL,
  TRIAL_DAYS,
  TRIAL_SCAN_LIMIT,
  TRIAL_TERMS,
  TRIAL_WARNING_DAYS,
} from '@redflag/contracts/constants';
import type { ReactNode } from 'react';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Button } from '@/components/ui/button';
import { openContactDialog } from '@/lib/ui-store';
import { useSupportEmail } from '@/lib/public-config';

interface Faq {
  id: string;
  question: string;
  answer: ReactNode;
}

function faqs(supportEmail: string): Faq[] {
  return [
    {
      id: 'how-it-works',
      question: 'How does RedFlag decide whether a message is a scam?',
      answer: (
        <>
          <p>
            RedFlag reads the message with a trained language model and a set of explainable red-flag rules: urgent
            pressure, requests for gift cards, wire transfers or verification codes, overpayment offers, look-alike
            links and impersonation of banks, couriers or government agencies. If you add a phone number or email
            address, those are checked too.
          </p>
          <p className="mt-3">
            You get a risk score from 0 to 100. A score of 70 or more means <strong>Scam Detected</strong>, 40 to 69
            means <strong>Suspicious</strong>, and below 40 means <strong>Likely Legitimate</strong>. Every result lists
            the reasons behind the score.
          </p>
        </>
      ),
    },
    {
      id: 'trial',
      question: 'What do I get with the free trial?',
      answer: (
        <p>
          The free trial is {TRIAL_TERMS}, so you can try RedFlag on the messages that matter to you. Nothing is charged
          during the trial. When the {TRIAL_DAYS} days end it continues as Premium at {PREMIUM_PRICE_LABEL} per month
          unless you cancel before then, and we e-mail you {TRIAL_WARNING_DAYS} days before. If you use all{' '}
          {TRIAL_SCAN_LIMIT} scans sooner, we ask first: nothing is charged until you choose to activate Premium.
        </p>
      ),
    },
    {
      id: 'premium',
      question: "What's included in Premium, and how do I cancel?",
      answer: (
        <p>
          Premium costs {PREMIUM_PRICE_LABEL} per month and includes unlimited scans, phone number verification
          (including VoIP and burner-phone detection), email verification (including disposable-address detection) and
          priority support. You can cancel anytime from your account page; you keep Premium until the end of the period
          you have paid for.
        </p>
      ),
    },
    {
      id: 'privacy',
      question: 'Is my message private? What happens to the data I paste?',
      answer: (
        <p>
          Messages are sent over an encrypted connection, analysed, and saved only to your own scan history so you can
          look back at them. We never sell your data or use it for advertising. You can export all of your data or
          delete your account from your account page at any time; see our Privacy Policy for details.
        </p>
      ),
    },
    {
      id: 'accuracy',
      question: 'Can RedFlag be wrong?',
      answer: (
        <p>
          Yes. No detector is perfect, and scammers change their scripts constantly. Treat the score as a well-informed
          second opinion, not a guarantee. If a message asks for money, a code or personal details, verify the person
          through a channel you already trust, even when the score is low. If you think we got one wrong, tell us at{' '}
          <a className="font-medium text-brand-700 underline underline-offset-2" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>{' '}
          so we can improve.
        </p>
      ),
    },
    {
      id: 'already-scammed',
      question: 'I think I was already scammed. What should I do?',
      answer: (
        <>
          <p>Act quickly, and don't feel embarrassed: these schemes are run by professionals.</p>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 marker:text-brand-600">
            <li>
              Call your bank or card issuer using the number on the back of your card and ask them to stop or reverse
              the payment.
            </li>
            <li>Change the password of any account you shared, and turn on two-step verification.</li>
            <li>Never share a verification code you were sent; if you already did, contact that service right away.</li>
            <li>
              Report the sender on the platform where the message arrived, and to your national fraud-reporting service.
            </li>
          </ul>
        </>
      ),
    },
  ];
}

export function HelpCenterPage() {
  const supportEmail = useSupportEmail();
  const items = faqs(supportEmail);
  return (
    <>
      <title>Help Center · RedFlag</title>
      <PageHeader eyebrow="Help Center" title="How can we help?">
        <p>Answers to the questions we hear most. Can't find yours? Our team is a message away.</p>
      </PageHeader>
      <PageBody>
        <h2 className="text-2xl font-extrabold tracking-tight text-slate-900">Frequently asked questions</h2>
        <Accordion
          type="single"
          collapsible
          defaultValue="how-it-works"
          className="mt-6 rounded-2xl border border-slate-200 bg-white px-5 shadow-sm md:px-8"
        >
          {items.map((faq) => (
            <AccordionItem key={faq.id} value={faq.id}>
              <AccordionTrigger>{faq.question}</AccordionTrigger>
              <AccordionContent>{faq.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>

        <section
          aria-labelledby="still-need-help"
          className="mt-12 flex flex-col items-start gap-5 rounded-2xl bg-ink-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between md:p-8"
        >
          <div className="flex gap-4">
            <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-600">
              <LifeBuoy aria-hidden="true" className="size-6" />
            </span>
            <div>
              <h2 id="still-need-help" className="text-lg font-bold">
                Still need help?
              </h2>
              <p className="mt-1 text-sm text-slate-300">
                Send us a message or email{' '}
                <a className="font-medium text-white underline underline-offset-2" href={`mailto:${supportEmail}`}>
                  {supportEmail}
                </a>
                . We usually reply within one business day.
              </p>
            </div>
          </div>
          <Button variant="inverse" onClick={openContactDialog}>
            <Mail aria-hidden="true" /> Contact Us
          </Button>
        </section>
      </PageBody>
    </>
  );
}
