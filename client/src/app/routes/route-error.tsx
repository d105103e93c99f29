import { RotateCcw, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { NotFoundPage } from './not-found';
import { StatusCard } from './status-card';

/** The route-level boundary: a crash in one page, or a page chunk that failed to load after a deploy. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <>
      <title>Something went wrong · RedFlag</title>
      <StatusCard
        tone="danger"
        icon={<TriangleAlert aria-hidden="true" />}
        title="Something Went Wrong"
        actions={
          <Button size="lg" onClick={() => window.location.reload()}>
            <RotateCcw aria-hidden="true" /> Reload the page
          </Button>
        }
      >
        <p>This page didn't load properly. Reloading usually fixes it; if it keeps happening, please contact us.</p>
      </StatusCard>
    </>
  );
}
