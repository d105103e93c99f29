import { Fragment } from 'react';
import { cn } from '@/lib/utils';

/**
 * An e-mail address that wraps only before "@" and "." on a narrow screen, never in the middle of a word;
 * a part longer than the line still wraps rather than overflow.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={cn('break-words', className)}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
