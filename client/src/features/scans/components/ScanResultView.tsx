import { riskBand, type RiskBand } from '@redflag/contracts/constants';
import { scamTypeLabel, type EmailAnalysis, type Evidence, type LinkAnalysis, type PhoneAnalysis, type ReasonDetail, type StoredScan } from '@redflag/contracts/scan';
import { cva } from 'class-variance-authority';
import { Lightbulb, Link2, Mail, MessageSquareText, Phone, ShieldAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { RISK_LABELS, riskFillVariants, riskVariants } from '@/components/ui/risk-badge';
import { cn } from '@/lib/utils';
import { evidenceSpans, splitHighlights, type Severity } from '../utils/highlight';
import { confidencePercent, countryLabel, lineTypeLabel, linkFlagLabel, yesNoUnknown } from '../utils/result-format';

/** Evidence marks in the message, by the strongest reason severity covering them. */
const markVariants = cva('rounded-sm px-0.5 text-slate-900 decoration-2 underline-offset-2', {
  variants: {
    severity: {
      high: 'bg-red-100 underline decoration-red-500',
      medium: 'bg-amber-100 underline decoration-amber-500',
      low: 'bg-sky-100',
      info: 'bg-slate-100',
    },
  },
  defaultVariants: { severity: 'medium' },
});

const dotVariants = cva('mt-1.5 size-2 shrink-0 rounded-full', {
  variants: {
    severity: { high: 'bg-red-600', medium: 'bg-amber-500', low: 'bg-sky-500', info: 'bg-slate-400' },
  },
  defaultVariants: { severity: 'medium' },
});

const scoreTextVariants = cva('', {
  variants: { band: { scam: 'text-red-700', suspicious: 'text-amber-700', legitimate: 'text-emerald-700' } },
});

const BAND_ICONS = { scam: ShieldAlert, suspicious: TriangleAlert, legitimate: ShieldCheck } as const;

const BAND_SUMMARY: Record<RiskBand, string> = {
  scam: 'This message shows strong signs of a scam. Do not reply, pay, or click its links.',
  suspicious: 'Some parts of this message look risky. Check the points below before you act on it.',
  legitimate: 'We found little that points to a scam. Stay careful with payments and links all the same.',
};

function evidenceLabel(evidence: Evidence): string | null {
  switch (evidence.kind) {
    case 'span':
      return `“${evidence.text.length > 80 ? `${evidence.text.slice(0, 80)}...` : evidence.text}”`;
    case 'url':
      return evidence.url;
    default:
      return evidence.detail;
  }
}

function SectionTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <h4 className="flex items-center gap-2 text-xs font-extrabold uppercase tracking-widest text-slate-700 [&_svg]:size-4 [&_svg]:text-slate-500">
      {icon}
      {children}
    </h4>
  );
}

function HighlightedMessage({ message, details }: { message: string; details: readonly ReasonDetail[] }) {
  const segments = useMemo(() => splitHighlights(message, evidenceSpans(details)), [message, details]);
  const marked = segments.some((s) => s.severity !== null);
  return (
    <div className="grid gap-2">
      <SectionTitle icon={<MessageSquareText aria-hidden="true" />}>Your message</SectionTitle>
      {/* Plain text nodes only: a message holding HTML or a script is shown as its characters. */}
      <p data-testid="scan-message" className="max-h-60 overflow-y-auto whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800">
        {segments.map((segment, index) =>
          segment.severity ? (
            <mark key={index} className={markVariants({ severity: segment.severity as Severity })}>
              {segment.text}
            </mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
      </p>
      {marked ? <p className="text-xs text-slate-600">Highlighted: the words behind the reasons above.</p> : null}
    </div>
  );
}

function Reasons({ scan }: { scan: StoredScan }) {
  const details: readonly ReasonDetail[] =
    scan.reasonDetails?.length > 0
      ? scan.reasonDetails
      : scan.reasons.map((text, i) => ({ id: `reason-${i}`, text, weight: 0, severity: 'medium' as const, evidence: [] }));
  if (details.length === 0) return <p className="text-sm text-slate-600">No specific red flags were found in this message.</p>;
  return (
    <ul
      data-testid="scan-reasons"
      tabIndex={0}
      aria-label="Reasons for this verdict"
      className="grid max-h-[15rem] gap-2 overflow-y-auto rounded-xl focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      {details.map((reason) => {
        const evidence = reason.evidence.map(evidenceLabel).filter((e): e is string => Boolean(e));
        return (
          <li key={reason.id} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3">
            <span aria-hidden="true" className={dotVariants({ severity: reason.severity })} />
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{reason.text}</p>
              {evidence.length > 0 ? (
                <p className="mt-1 break-words text-xs text-slate-600">
                  <span className="font-semibold">Evidence: </span>
                  {evidence.join(' · ')}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="min-w-0 break-words font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PhoneFindings({ phone }: { phone: PhoneAnalysis }) {
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 p-4" data-testid="phone-findings">
      <SectionTitle icon={<Phone aria-hidden="true" />}>Phone number</SectionTitle>
      <Facts
        rows={[
          ['Number', phone.e164 ?? phone.input],
          ['Valid', phone.valid ? 'Yes' : 'No'],
          ['Country', countryLabel(phone.country)],
          ['Line type', lineTypeLabel(phone.lineType)],
          ['VoIP', yesNoUnknown(phone.isVoip)],
          ['Carrier', phone.carrier ?? 'Unknown'],
        ]}
      />
      {phone.notes.length > 0 ? (
        <ul className="grid gap-1 text-xs text-slate-700">
          {phone.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function EmailFindings({ email }: { email: EmailAnalysis }) {
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 p-4" data-testid="email-findings">
      <SectionTitle icon={<Mail aria-hidden="true" />}>Email address</SectionTitle>
      <Facts
        rows={[
          ['Address', email.input],
          ['Valid', email.valid ? 'Yes' : 'No'],
          ['Disposable', email.isDisposable ? 'Yes' : 'No'],
          ['Free email', email.isFreeMail ? 'Yes' : 'No'],
          ['Look-alike', email.lookalikeOf ? `Imitates ${email.lookalikeOf}` : 'No'],
        ]}
      />
      {email.notes.length > 0 ? (
        <ul className="grid gap-1 text-xs text-slate-700">
          {email.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Links({ links }: { links: readonly LinkAnalysis[] }) {
  return (
    <div className="grid gap-2" data-testid="link-findings">
      <SectionTitle icon={<Link2 aria-hidden="true" />}>Links found</SectionTitle>
      <ul className="grid gap-2">
        {links.map((link) => (
          <li key={`${link.start}-${link.url}`} className="rounded-xl border border-slate-200 p-3">
            {/* Shown, never linked: the whole point is not to open it. */}
            <p className="break-all font-mono text-xs text-slate-800">{link.url}</p>
            {link.flags.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Link warnings">
                {link.flags.map((flag) => (
                  <li
                    key={flag}
                    className={cn(
                      'rounded-full border px-2 py-0.5 text-[0.6875rem] font-bold uppercase tracking-wide',
                      flag === 'official' ? 'border-emerald-300 bg-emerald-50 text-emerald-800' : 'border-red-200 bg-red-50 text-red-800',
                    )}
                  >
                    {linkFlagLabel(flag)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-xs text-slate-600">No warning signs on this link.</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The verdict of one scan: band, score, confidence, type, reasons with evidence, findings, advice. */
export default function ScanResultView({ scan }: { scan: StoredScan }) {
  const band = riskBand(scan.riskScore);
  const Icon = BAND_ICONS[band];
  const typeLabel = scamTypeLabel(scan.scamType);
  const confidence = confidencePercent(scan.confidence);
  return (
    <article data-testid="scan-result" data-band={band} aria-labelledby="scan-verdict" className="grid gap-6">
      <div className={cn(riskVariants({ band }), 'grid gap-4 rounded-2xl border p-5')}>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex items-center gap-3">
            <span className="grid size-12 place-items-center rounded-xl bg-white/70">
              <Icon aria-hidden="true" className="size-7" />
            </span>
            <div>
              <h3 id="scan-verdict" className="text-xl font-black tracking-tight">
                {RISK_LABELS[band]}
              </h3>
              {typeLabel ? (
                <p className="text-sm font-semibold">
                  <span className="sr-only">Scam type: </span>
                  {typeLabel}
                </p>
              ) : null}
            </div>
          </div>
          <p className="text-right">
            <span data-testid="risk-score" className={cn(scoreTextVariants({ band }), 'text-4xl font-black tabular-nums')}>
              {scan.riskScore}
            </span>
            <span className="text-sm font-bold">/100</span>
            <span className="block text-xs font-bold uppercase tracking-wide">Risk score</span>
          </p>
        </div>
        <div
          role="meter"
          aria-label="Risk score"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={scan.riskScore}
          className="h-2.5 overflow-hidden rounded-full bg-white/80"
        >
          <div className={cn(riskFillVariants({ band }), 'h-full rounded-full')} style={{ width: `${scan.riskScore}%` }} />
        </div>
        <p className="text-sm">{BAND_SUMMARY[band]}</p>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="font-medium">Confidence</dt>
            <dd data-testid="confidence" className="font-extrabold tabular-nums">
              {confidence}%
            </dd>
          </div>
          {typeLabel ? null : (
            <div className="flex gap-1.5">
              <dt className="font-medium">Scam type</dt>
              <dd className="font-extrabold">None identified</dd>
            </div>
          )}
        </dl>
      </div>

      {scan.advice ? (
        <div className="flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
          <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sky-700" />
          <p>
            <span className="font-bold">What to do: </span>
            {scan.advice}
          </p>
        </div>
      ) : null}

      <div className="grid gap-2">
        <SectionTitle icon={<ShieldAlert aria-hidden="true" />}>Why we think so</SectionTitle>
        <Reasons scan={scan} />
      </div>

      <HighlightedMessage message={scan.message} details={scan.reasonDetails ?? []} />

      {scan.links?.length > 0 ? <Links links={scan.links} /> : null}

      {scan.phoneAnalysis || scan.emailAnalysis ? (
        <div className={cn('grid gap-4', scan.phoneAnalysis && scan.emailAnalysis && 'md:grid-cols-2')}>
          {scan.phoneAnalysis ? <PhoneFindings phone={scan.phoneAnalysis} /> : null}
          {scan.emailAnalysis ? <EmailFindings email={scan.emailAnalysis} /> : null}
        </div>
      ) : null}

      <p className="text-xs text-slate-500">Engine {scan.engineVersion}</p>
    </article>
  );
}
