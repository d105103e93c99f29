import { riskBand, type RiskBand } from '@redflag/contracts/constants';
import {
  scamTypeLabel,
  type EmailAnalysis,
  type LinkAnalysis,
  type PhoneAnalysis,
  type ReasonDetail,
  type StoredScan,
} from '@redflag/contracts/scan';
import { cva } from 'class-variance-authority';
import {
  ChevronRight,
  Eye,
  ImageIcon,
  Link2,
  ListChecks,
  Mail,
  MessageSquareText,
  Phone,
  ShieldAlert,
} from 'lucide-react';
import { Fragment, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import type { Listing } from '@redflag/contracts/reputation';
import ReputationFindings from '@/components/reputation-findings';
import { VerdictAdvice, VerdictSummary } from '@/components/verdict-summary';
import { cn } from '@/lib/utils';
import { evidenceSpans, splitHighlights, type Severity } from '../utils/highlight';
import { displayReasons, groupReasons, type DisplayReason, type ReasonGroup } from '../utils/reason-groups';
import { confidencePercent, countryLabel, lineTypeLabel, linkFlagLabel, yesNoUnknown } from '../utils/result-format';

/**
 * Evidence marks in the message, by the strongest reason severity covering them. No padding or margin: a
 * mark sits inside running text, and side padding showed as spaces that are not in the message
 * ("usps- redelivery -care.com", "pick  it up"). A quoted piece of evidence adds its own.
 */
const markVariants = cva('rounded-sm text-slate-900 decoration-2 underline-offset-2', {
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
    severity: {
      high: 'bg-red-600',
      medium: 'bg-amber-500',
      low: 'bg-sky-500',
      info: 'bg-slate-400',
      reassuring: 'bg-emerald-600',
    },
  },
  defaultVariants: { severity: 'medium' },
});

/** A reason group's frame: warnings stand out, worth-watching is amber, calm context stays quiet. */
const groupVariants = cva('grid gap-2', {
  variants: {
    tone: {
      warning: '[&_h4]:text-red-800 [&_h4_svg]:text-red-600',
      watch: '[&_h4]:text-amber-900 [&_h4_svg]:text-amber-600',
      calm: '[&_h4]:text-slate-700 [&_h4_svg]:text-emerald-600',
    },
  },
});

const reasonItemVariants = cva('flex gap-3 rounded-xl border p-3', {
  variants: {
    tone: {
      warning: 'border-slate-200 bg-white',
      watch: 'border-amber-200 bg-amber-50/60',
      reassuring: 'border-emerald-200 bg-emerald-50/50',
      context: 'border-slate-200 bg-slate-50',
    },
  },
});

const GROUP_ICONS = { warning: ShieldAlert, watch: Eye, calm: ListChecks } as const;

const BAND_SUMMARY: Record<RiskBand, string> = {
  scam: 'This message shows strong signs of a scam. Do not reply, pay, or click its links.',
  suspicious: 'Some parts of this message look risky. Check the points below before you act on it.',
  legitimate: 'We found little that points to a scam. Stay careful with payments and links all the same.',
};

function SectionTitle({ id, icon, children }: { id?: string; icon: ReactNode; children: ReactNode }) {
  return (
    <h4
      id={id}
      className="flex items-center gap-2 text-xs font-extrabold uppercase tracking-widest text-slate-700 [&_svg]:size-4 [&_svg]:text-slate-500"
    >
      {icon}
      {children}
    </h4>
  );
}

function HighlightedMessage({ message, details }: { message: string; details: readonly ReasonDetail[] }) {
  const segments = useMemo(() => splitHighlights(message, evidenceSpans(details)), [message, details]);
  const marked = segments.some((s) => s.severity !== null);
  const titleId = useId();
  return (
    <div className="grid gap-2">
      <SectionTitle id={titleId} icon={<MessageSquareText aria-hidden="true" />}>
        Your message
      </SectionTitle>
      {/*
        Plain text nodes only: a message holding HTML or a script is shown as its characters. A long message
        scrolls in its own box, which takes focus so a keyboard can scroll it; every reason quotes its own
        evidence above, so nothing the verdict rests on is only inside this box.
      */}
      <div
        data-testid="scan-message"
        role="region"
        aria-labelledby={titleId}
        tabIndex={0}
        className="max-h-80 overflow-y-auto whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {segments.map((segment, index) =>
          segment.severity ? (
            <mark key={index} className={markVariants({ severity: segment.severity as Severity })}>
              {segment.text}
            </mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
      </div>
      {marked ? <p className="text-xs text-slate-600">Highlighted: the words behind the reasons above.</p> : null}
    </div>
  );
}

function ReasonEvidence({ reason }: { reason: DisplayReason }) {
  const inMessage = reason.evidence.filter((e) => e.kind !== 'source');
  const sources = reason.evidence.filter((e) => e.kind === 'source');
  return (
    <>
      {inMessage.length > 0 ? (
        <p className="mt-1.5 break-words text-xs leading-relaxed text-slate-700">
          <span className="font-semibold text-slate-600">In the message:</span>
          {inMessage.map((item, index) => (
            <Fragment key={index}>
              {' '}
              {item.kind === 'quote' ? (
                <mark className={cn(markVariants({ severity: reason.severity }), 'box-decoration-clone px-0.5')}>
                  “{item.text}”
                </mark>
              ) : (
                <code className="[overflow-wrap:anywhere] rounded-sm bg-slate-100 px-1 font-mono text-[0.6875rem] text-slate-800">
                  {item.text}
                </code>
              )}
            </Fragment>
          ))}
        </p>
      ) : null}
      {sources.length > 0 ? (
        <p className="mt-1 text-xs text-slate-600">
          <span className="font-semibold">Based on </span>
          {sources.map((item) => item.text).join(' and ')}
        </p>
      ) : null}
    </>
  );
}

function ReasonList({ group }: { group: ReasonGroup }) {
  const Icon = GROUP_ICONS[group.tone];
  const titleId = useId();
  return (
    <div data-testid={`reasons-${group.tone}`} className={groupVariants({ tone: group.tone })}>
      <SectionTitle id={titleId} icon={<Icon aria-hidden="true" />}>
        {group.title}
      </SectionTitle>
      {group.note ? <p className="text-xs text-slate-600">{group.note}</p> : null}
      <ul aria-labelledby={titleId} className="grid gap-2">
        {group.reasons.map((reason) => (
          <li
            key={reason.id}
            data-testid="scan-reason"
            data-tone={reason.tone}
            className={reasonItemVariants({ tone: reason.tone })}
          >
            <span
              aria-hidden="true"
              className={dotVariants({ severity: reason.tone === 'reassuring' ? 'reassuring' : reason.severity })}
            />
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{reason.text}</p>
              <ReasonEvidence reason={reason} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every reason, grouped so that it reads in agreement with the verdict; no scroll box, nothing hidden. */
function Reasons({ groups }: { groups: readonly ReasonGroup[] }) {
  if (groups.length === 0) {
    return (
      <div className="grid gap-2">
        <SectionTitle icon={<ListChecks aria-hidden="true" />}>What we found</SectionTitle>
        <p className="text-sm text-slate-600">No specific red flags were found in this message.</p>
      </div>
    );
  }
  return (
    <div data-testid="scan-reasons" className="grid gap-5">
      {groups.map((group) => (
        <ReasonList key={group.title} group={group} />
      ))}
    </div>
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

const hostOf = (url: string): string | null => {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
};

/** Whether a known-bad listing is about this link: the link as the message has it, or (a site match) its site. */
function isListed(link: LinkAnalysis, listings: readonly Listing[]): boolean {
  const host = hostOf(link.url);
  return listings.some((l) => l.url === link.url || (l.match === 'host' && host !== null && hostOf(l.url) === host));
}

function Links({ links, listings }: { links: readonly LinkAnalysis[]; listings: readonly Listing[] }) {
  return (
    <div className="grid gap-2" data-testid="link-findings">
      <SectionTitle icon={<Link2 aria-hidden="true" />}>Links found</SectionTitle>
      <ul className="grid gap-2">
        {links.map((link) => {
          // A listed link is warned about here too, so this card agrees with "What others have seen".
          const flags = isListed(link, listings) ? ['listed', ...link.flags] : link.flags;
          return (
            <li key={`${link.start}-${link.url}`} className="rounded-xl border border-slate-200 p-3">
              {/* Shown, never linked: the whole point is not to open it. */}
              <p className="font-mono text-xs text-slate-800 [overflow-wrap:anywhere]">{link.url}</p>
              {flags.length > 0 ? (
                <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Link warnings">
                  {flags.map((flag) => (
                    <li
                      key={flag}
                      className={cn(
                        'rounded-full border px-2 py-0.5 text-[0.6875rem] font-bold uppercase tracking-wide',
                        flag === 'official'
                          ? 'border-emerald-300 bg-emerald-50 text-emerald-800'
                          : 'border-red-200 bg-red-50 text-red-800',
                      )}
                    >
                      {flag === 'listed' ? 'On a known-bad list' : linkFlagLabel(flag)}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-xs text-slate-600">No warning signs on this link.</p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function formatCheckedAt(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Facts a curious reader may want and nobody needs for the verdict: collapsed, keyboard-operable natively. */
function TechnicalDetails({ scan }: { scan: StoredScan }) {
  const checkedAt = formatCheckedAt(scan.createdAt);
  const rows: Array<[string, ReactNode]> = [];
  if (checkedAt) rows.push(['Checked', checkedAt]);
  rows.push(['Engine version', <span className="break-all font-mono text-xs">{scan.engineVersion}</span>]);
  const steps = scan.policy ?? [];
  if (steps.length) {
    // The score policy's steps that moved the score (server/src/detection/policy.ts), in the order they ran.
    rows.push([
      'Score adjustments',
      <ol className="space-y-1" aria-label="Score adjustments">
        {steps.map((step) => (
          <li key={step.id}>
            {step.text}: <span className="font-mono tabular-nums">{step.from}</span> →{' '}
            <span className="font-mono tabular-nums">{step.to}</span>
          </li>
        ))}
      </ol>,
    ]);
  }
  return (
    <details data-testid="scan-details" className="group rounded-xl border border-slate-200 text-sm">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 font-bold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden="true"
          className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-90 motion-reduce:transition-none"
        />
        Details
      </summary>
      <div className="border-t border-slate-100 px-4 py-3">
        <Facts rows={rows} />
      </div>
    </details>
  );
}

export interface ScanResultViewProps {
  scan: StoredScan;
  /**
   * Moves keyboard focus to the verdict heading when a scan is shown, so keyboard and screen-reader users
   * land on the result rather than on the page body. On by default: the view appears
   * after a scan finishes or when a report is opened.
   */
  focusOnShow?: boolean;
  /**
   * What comes after the findings: where to report it, feedback, sharing. Those are other features, so app/
   * composes them in (features do not import each other; decision 086).
   */
  followUps?: ReactNode;
}

/** The verdict of one scan: band, score, confidence, type, reasons with evidence, findings, advice. */
export default function ScanResultView({ scan, focusOnShow = true, followUps }: ScanResultViewProps) {
  const band = riskBand(scan.riskScore);
  // Below 40 a scam type would contradict the green verdict: it is named as the closest match only.
  const typeLabel = scamTypeLabel(scan.scamType);
  const headlineType = band === 'legitimate' ? null : typeLabel;
  const confidence = confidencePercent(scan.confidence);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const reasons = useMemo(() => displayReasons(scan, band), [scan, band]);
  const groups = useMemo(() => groupReasons(reasons, band), [reasons, band]);
  // The message is highlighted with the reasons' display severity, so a green verdict is never painted red.
  const highlightDetails = useMemo<ReasonDetail[]>(() => {
    const byId = new Map(reasons.map((r) => [r.id, r.severity]));
    return (scan.reasonDetails ?? []).map((d) => ({ ...d, severity: byId.get(d.id) ?? d.severity }));
  }, [scan.reasonDetails, reasons]);

  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow, scan.id]);

  return (
    <article data-testid="scan-result" data-band={band} aria-labelledby={headingId} className="grid gap-6">
      <VerdictSummary
        score={scan.riskScore}
        scamType={scan.scamType}
        headingLevel="h3"
        headingTestId="scan-verdict"
        headingId={headingId}
        headingRef={headingRef}
      >
        <p className="text-sm">{BAND_SUMMARY[band]}</p>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="font-medium">Confidence</dt>
            <dd data-testid="confidence" className="font-extrabold tabular-nums">
              {confidence}%
            </dd>
          </div>
          {headlineType ? null : (
            <div className="flex gap-1.5">
              <dt className="font-medium">{typeLabel ? 'Closest scam type' : 'Scam type'}</dt>
              <dd className="font-extrabold">{typeLabel ? `${typeLabel} (not enough to flag)` : 'None identified'}</dd>
            </div>
          )}
          {scan.language ? (
            <div className="flex gap-1.5" data-testid="scan-language">
              <dt className="font-medium">Language</dt>
              <dd className="font-extrabold">{scan.language.name}</dd>
            </div>
          ) : null}
        </dl>
        {scan.source === 'image' ? (
          <p data-testid="scan-source" className="flex items-center gap-1.5 text-sm font-medium">
            <ImageIcon aria-hidden="true" className="size-4 shrink-0" />
            Read from a screenshot on your device; the image was not uploaded.
          </p>
        ) : null}
      </VerdictSummary>

      <VerdictAdvice advice={scan.advice} />

      <Reasons groups={groups} />

      <ReputationFindings reputation={scan.reputation} />

      <HighlightedMessage message={scan.message} details={highlightDetails} />

      {scan.links?.length > 0 ? <Links links={scan.links} listings={scan.reputation?.listings ?? []} /> : null}

      {scan.phoneAnalysis || scan.emailAnalysis ? (
        <div className={cn('grid gap-4', scan.phoneAnalysis && scan.emailAnalysis && 'md:grid-cols-2')}>
          {scan.phoneAnalysis ? <PhoneFindings phone={scan.phoneAnalysis} /> : null}
          {scan.emailAnalysis ? <EmailFindings email={scan.emailAnalysis} /> : null}
        </div>
      ) : null}

      {followUps}

      <TechnicalDetails scan={scan} />
    </article>
  );
}
