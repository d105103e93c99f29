import { House, LifeBuoy, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { StatusCard } from './status-card';

export function NotFoundPage() {
  return (
    <>
      <title>Page not found · RedFlag</title>
      <StatusCard
        tone="danger"
        icon={<SearchX aria-hidden="true" />}
        title="Page not found"
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/">
                <House aria-hidden="true" /> Back to home
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/help-center">
                <LifeBuoy aria-hidden="true" /> Help Center
              </Link>
            </Button>
          </>
        }
      >
        <p className="text-sm font-bold uppercase tracking-widest text-brand-700">Error 404</p>
        <p className="mt-2">
          We couldn't find the page you were looking for. The link may be broken, or the page may have moved. If you
          typed the address, check it for typos.
        </p>
      </StatusCard>
    </>
  );
}
