import { cva } from 'class-variance-authority';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { DialogDescription, DialogHeader, DialogTitle } from './dialog';

const inlineIconVariants = cva('size-5 shrink-0', {
  variants: { tone: { danger: 'text-red-600', warning: 'text-amber-500', success: 'text-emerald-600' } },
});

const badgeVariants = cva('grid size-14 place-items-center rounded-2xl', {
  variants: {
    tone: {
      danger: 'bg-red-100 text-red-700',
      warning: 'bg-amber-100 text-amber-800',
      success: 'bg-emerald-100 text-emerald-700',
    },
  },
});

export interface StatusDialogHeaderProps {
  icon: LucideIcon;
  tone: 'danger' | 'warning' | 'success';
  title: ReactNode;
  description?: ReactNode;
  /**
   * `inline`: a small icon before the title (plan and trial dialogs). `centered`: a large tinted icon above a
   * large centred title (the accounts dialogs).
   */
  layout?: 'inline' | 'centered';
}

/** The header of a dialog that announces a state (a limit, a sent link, an error): icon, title, description. */
export function StatusDialogHeader({
  icon: Icon,
  tone,
  title,
  description,
  layout = 'inline',
}: StatusDialogHeaderProps) {
  const centered = layout === 'centered';
  return (
    <DialogHeader className={cn(centered && 'items-center pr-0 text-center')}>
      {centered ? (
        <span aria-hidden="true" className={badgeVariants({ tone })}>
          <Icon className="size-7" />
        </span>
      ) : null}
      <DialogTitle className={cn(centered ? 'text-2xl font-black tracking-wide' : 'flex items-center gap-2')}>
        {centered ? null : <Icon aria-hidden="true" className={inlineIconVariants({ tone })} />}
        {title}
      </DialogTitle>
      {description ? <DialogDescription>{description}</DialogDescription> : null}
    </DialogHeader>
  );
}
