import { Flag } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <Link
      to="/"
      aria-label="RedFlag home"
      className={cn('group inline-flex items-center gap-2.5 rounded-lg text-white', className)}
    >
      <span
        className={cn(
          'grid place-items-center rounded-lg bg-brand-600 shadow-lg shadow-brand-600/30 transition-all group-hover:bg-brand-500',
          compact ? 'size-8' : 'size-9',
        )}
      >
        <Flag
          aria-hidden="true"
          className={cn('fill-white text-white', compact ? 'size-4' : 'size-[18px]')}
          strokeWidth={2.5}
        />
      </span>
      <span className="text-xl font-black tracking-tight">
        <span className="text-brand-500">Red</span>Flag
      </span>
    </Link>
  );
}
