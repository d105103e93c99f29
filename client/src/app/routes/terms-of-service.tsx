import { Link } from 'react-router';
import {
  PREMIUM_PRICE_LABEL,
  TRIAL_DAYS,
  TRIAL_SCAN_LIMIT,
  TRIAL_TERMS,
  TRIAL_WARNING_DAYS,
} from '@redflag/contracts/constants';
import { PageBody, PageHeader, Prose } from '@/components/layout/page-header';
import { useSupportEmail } from '@/lib/public-config';
import { POLICIES_LAST_UPDATED } from './legal';

export function TermsOfServicePage() {
  const supportEmail = useSupportEmail();
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return (
    <>
      <title>Terms of Service · RedFlag</title>
      <PageHeader eyebrow="Legal" title="Terms of Service">
        <p>Last updated {POLICIES_LAST_UPDATED}</p>
      </PageHeader>
      <PageBody>
        <Prose>
          <p>
            These terms govern your use of RedFlag, a service that assesses messages for signs of fraud. By creating an
            account or using the service you agree to them. Please also read our{' '}
            <Link to="/privacy-policy">Privacy Policy</Link>, which explains how we handle your information.
          </p>

          <h2>1. Eligibility</h2>
          <p>
            You must be <strong>at least 18 years old</strong> to use RedFlag, or have the consent of a parent or legal
            guardian who agrees to these terms on your behalf. You are responsible for the accuracy of the information
            you give us and for keeping your password secret.
          </p>

          <h2>2. What RedFlag is, and what it is not</h2>
          <p>
            RedFlag provides an automated risk assessment of the messages you submit. Results are an informed opinion,
            not a guarantee: a low score does not prove a message is safe and a high score does not prove fraud. RedFlag
            does not provide legal, financial or security advice. Always verify requests for money, codes or personal
            information through a channel you trust.
          </p>

          <h2>3. Free trial and Premium subscription</h2>
          <ul>
            <li>New accounts get a free trial of {TRIAL_TERMS}.</li>
            <li>
              Premium costs {PREMIUM_PRICE_LABEL} per month. A payment method is required to start the trial; you are
              not charged during it. When the {TRIAL_DAYS} days end, the trial converts to a paid subscription
              automatically unless you cancel before then; we e-mail you {TRIAL_WARNING_DAYS} days before. If you use
              all {TRIAL_SCAN_LIMIT} scans sooner, you are charged only if you choose to activate Premium in the app,
              which shows the amount, the card and the date first.
            </li>
            <li>
              Subscriptions renew monthly until cancelled. You can cancel anytime from your account page; access
              continues until the end of the current billing period.
            </li>
            <li>Prices may change with at least 30 days' notice by email. Taxes may apply where required.</li>
          </ul>

          <h2>4. Acceptable use</h2>
          <p>You agree not to:</p>
          <ul>
            <li>use RedFlag to test, refine or hide scams, or to harass anyone;</li>
            <li>
              submit content you have no right to share, or other people's sensitive personal data beyond what is needed
              to check a message;
            </li>
            <li>
              probe, overload or circumvent the service's security, rate limits or usage limits, or resell access
              without our written permission.
            </li>
          </ul>
          <p>We may suspend accounts that break these rules, and will tell you why unless the law prevents it.</p>

          <h2>5. Your content and your data</h2>
          <p>
            You keep all rights to the messages you submit. You give us permission to process them only to provide and
            secure the service. You can export your data from your account page or by contacting support, and we deliver
            exports <strong>within 24 hours</strong>. You can delete your account from your account page or by
            contacting support at {mail}; account data is <strong>deleted within 30 days of closure</strong>.
          </p>

          <h2>6. Availability and changes</h2>
          <p>
            We work to keep RedFlag available and accurate, but the service is provided "as is" and may occasionally be
            interrupted for maintenance or reasons outside our control. We may improve or change features; if a change
            materially reduces what you pay for, you may cancel and we will refund the unused part of the current
            period.
          </p>

          <h2>7. Limitation of liability</h2>
          <p>
            To the extent the law allows, RedFlag is not liable for losses caused by relying on a risk assessment, or
            for indirect or consequential losses. Our total liability for any claim is limited to the amount you paid us
            in the 12 months before the claim. Nothing in these terms limits rights you have as a consumer that cannot
            be limited by contract.
          </p>

          <h2>8. Ending your account</h2>
          <p>
            You can stop using RedFlag and close your account at any time. We may close accounts that seriously or
            repeatedly break these terms. Sections 5 and 7 continue to apply after your account ends.
          </p>

          <h2>9. Changes to these terms and contact</h2>
          <p>
            If we update these terms we will change the date above and, for significant changes, notify you before they
            take effect. Continuing to use RedFlag after that means you accept the updated terms. Questions: {mail}.
          </p>
        </Prose>
      </PageBody>
    </>
  );
}
