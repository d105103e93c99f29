import { SearchX, ShieldCheck, TriangleAlert } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSharedScan } from '@/features/share/api/share';
import SharedVerdictView from '@/features/share/components/SharedVerdictView';
import { isNotFound } from '@/lib/errors';
import { PanelBoundary } from '../error-boundary';
import { PageSpinner, StatusCard } from './status-card';

/** Shared results are for the people they are sent to: never listed (the server also says X-Robots-Tag). */
function NoIndex() {
  return <meta name="robots" content="noindex, nofollow" />;
}

function formatDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(date);
}

/** /r/:token: a verdict someone shared. Public; no sign-in. */
export function SharedResultRoute() {
  const { token = '' } = useParams();
  const shared = useSharedScan(token);

  if (shared.isPending) {
    return (
      <>
        <NoIndex />
        <PageSpinner label="Loading the shared result..." />
      </>
    );
  }
  if (shared.isError) {
    const missing = isNotFound(shared.error);
    return (
      <>
        <NoIndex />
        <title>{missing ? 'Shared result not found · RedFlag' : 'Shared result unavailable · RedFlag'}</title>
        <StatusCard
          tone={missing ? 'neutral' : 'danger'}
          icon={missing ? <SearchX aria-hidden="true" /> : <TriangleAlert aria-hidden="true" />}
          title={missing ? 'This shared result is not available' : "We couldn't load this result"}
          actions={
            <Button asChild size="lg">
              <Link to="/">
                <ShieldCheck aria-hidden="true" /> Check a message yourself
              </Link>
            </Button>
          }
        >
          <p>
            {missing
              ? 'The link may be mistyped, or the person who shared it has stopped sharing it.'
              : 'Something went wrong on our side or with the connection. Please try again.'}
          </p>
        </StatusCard>
      </>
    );
  }

  const checkedOn = formatDate(shared.data.createdAt);
  return (
    <>
      <NoIndex />
      <title>Shared scan result · RedFlag</title>
      <div className="pb-20">
        <div className="bg-ink-900 pb-16">
          <div className="mx-auto max-w-3xl px-4 pt-8 sm:px-6 md:pt-12">
            <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand-400">Shared result</p>
            <h1 className="mt-2 text-2xl font-black tracking-tight text-white md:text-4xl">A RedFlag scam check</h1>
            <p className="mt-2 text-sm text-slate-300">
              Someone checked a message with RedFlag and shared the verdict with you
              {checkedOn ? ` (checked ${checkedOn})` : ''}.
            </p>
          </div>
        </div>
        <div className="mx-auto -mt-10 max-w-3xl px-4 sm:px-6">
          <section className="rounded-2xl border border-slate-200 bg-white px-5 py-6 shadow-2xl shadow-ink-900/10 md:px-7">
            <PanelBoundary name="shared result">
              <SharedVerdictView scan={shared.data} />
            </PanelBoundary>
          </section>
          <div className="mt-8 text-center">
            <Button asChild size="lg">
              <Link to="/">
                <ShieldCheck aria-hidden="true" /> Check a message yourself
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}
