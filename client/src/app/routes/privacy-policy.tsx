import { Link } from 'react-router';
import { PageBody, PageHeader, Prose } from '@/components/layout/page-header';
import { useSupportEmail } from '@/lib/public-config';

import { POLICIES_LAST_UPDATED } from './legal';

export function PrivacyPolicyPage() {
  const supportEmail = useSupportEmail();
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return (
    <>
      <title>Privacy Policy · RedFlag</title>
      <PageHeader eyebrow="Legal" title="Privacy Policy">
        <p>Last updated {POLICIES_LAST_UPDATED}</p>
      </PageHeader>
      <PageBody>
        <Prose>
          <p>
            This policy explains what information RedFlag ("we", "us") collects when you use our website and scam
            detection service, why we collect it, and the choices you have. We wrote it to be read, not skimmed past: if
            anything is unclear, write to us at {mail}.
          </p>

          <h2>1. Information we collect</h2>
          <ul>
            <li>
              <strong>Account information:</strong> your name, email address and password (stored only as a secure
              hash), or the basic profile shared by Google or Facebook if you sign in with them.
            </li>
            <li>
              <strong>Messages you check:</strong> the text you paste, and the optional phone number, email address and
              platform you add, together with the result of each scan.
            </li>
            <li>
              <strong>Billing information:</strong> your plan and subscription status. Card details are handled by our
              payment processor and never reach our servers.
            </li>
            <li>
              <strong>Usage information:</strong> pages visited, features used and basic device and browser details,
              collected by our own first-party analytics. We do not use advertising trackers.
            </li>
          </ul>

          <h2>2. How we use your information</h2>
          <ul>
            <li>To analyse the messages you submit and show you the result and your scan history.</li>
            <li>
              To run your account, free trial and subscription, and to send service emails such as verification and
              sign-in links.
            </li>
            <li>To keep the service secure, prevent abuse and enforce usage limits.</li>
            <li>
              To measure and improve detection quality, using aggregated statistics rather than your individual
              messages.
            </li>
          </ul>
          <p>We never sell your personal information, and we never use the messages you check for advertising.</p>

          <h2>3. Sharing</h2>
          <p>
            We share information only with providers that help us run RedFlag (hosting, email delivery and payment
            processing), under contracts that limit their use of it to providing their service to us, and when the law
            requires it. If an optional AI review service is enabled, the message text is sent to it for analysis only
            and is not used to train its models.
          </p>

          <h2>4. Retention and deletion</h2>
          <p>
            We keep your account and scan history while your account is open. When you close your account, your account
            data and scan history are <strong>deleted within 30 days of closure</strong> (deleting it from your account
            page does it at once): your profile, sign-in methods and sessions, scans, usage events, plan and
            subscription, the emails we sent you, your messages to support, pending sign-in or verification links, and
            the counters we keep against abuse of your address. Emails about money still on their way (the confirmation
            that your subscription is cancelled, a receipt) and one last email confirming the deletion are sent first,
            then deleted as soon as they are sent, or after the last try (about an hour) if they cannot be delivered.
          </p>
          <p>Only two things stay after that:</p>
          <ul>
            <li>
              <strong>Invoices:</strong> the amount, period and dates of each invoice, which the law requires us to keep
              for accounting. They are no longer linked to you, your email address or your card. Our payment processor
              keeps its own payment records as the law requires of it.
            </li>
            <li>
              <strong>Free trial record:</strong> if you had a free trial, a keyed hash of your email address (a one-way
              code made with a secret key, from which the address cannot be read back), kept only so that the free trial
              is given once per email address. Nothing else is kept with it.
            </li>
          </ul>

          <h2>5. Your rights and choices</h2>
          <ul>
            <li>
              <strong>Export:</strong> you can download a copy of everything we store about you (account, scans, plan,
              subscription and invoices, usage events, the emails we sent you and your messages to support) from your{' '}
              <Link to="/account">account page</Link>, or ask us at {mail}. We fulfil export requests{' '}
              <strong>within 24 hours</strong>.
            </li>
            <li>
              <strong>Delete:</strong> you can delete your account from your account page or by contacting support.
            </li>
            <li>
              <strong>Correct:</strong> you can update your name and email address in your account settings.
            </li>
            <li>
              <strong>Object or ask questions:</strong> contact us and we will respond as required by the law that
              applies to you, including the GDPR and the CCPA where relevant.
            </li>
          </ul>

          <h2>6. Security</h2>
          <p>
            Connections to RedFlag are encrypted with TLS, passwords are stored with a memory-hard hashing function,
            sessions use secure, http-only cookies, and access to stored data is limited to the account that owns it. No
            system is perfectly secure, so we also keep only what we need.
          </p>

          <h2>7. Children</h2>
          <p>
            RedFlag is intended for people <strong>aged 18 or older</strong>. Younger users may use it only with the
            consent and supervision of a parent or legal guardian. If you believe a child has given us information
            without that consent, contact us and we will delete it.
          </p>

          <h2>8. Changes to this policy</h2>
          <p>
            If we change this policy, we will update the date at the top of this page and, for significant changes, tell
            you by email or in the app before the change takes effect.
          </p>

          <h2>9. Contact</h2>
          <p>Questions about privacy or your data: {mail}.</p>
        </Prose>
      </PageBody>
    </>
  );
}
