import { Link } from 'react-router';
import { openContactDialog } from '@/lib/ui-store';
import { FOOTER_SCROLL_OFFSET } from '@/lib/scroll';
import { Logo } from './logo';
import { useSectionNav } from './use-section-nav';

export const SOCIAL_LINKS = {
  facebook: 'https://www.facebook.com/redflagscamcheck',
  linkedin: 'https://www.linkedin.com/company/redflagscamcheck',
} as const;

const linkClass =
  'inline-flex items-center gap-2 rounded text-sm text-slate-300 transition-colors hover:text-white cursor-pointer text-left';

function FacebookIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07z" />
    </svg>
  );
}

function LinkedInIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.23 0H1.77C.79 0 0 .77 0 1.72v20.56C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.72V1.72C24 .77 23.2 0 22.22 0z" />
    </svg>
  );
}

/** A footer link: a page (`to`) or an action on this page (`onClick`: a section, the contact dialog). */
type FooterItem = { label: string; to: string } | { label: string; onClick: () => void };

function Column({ title, items }: { title: string; items: FooterItem[] }) {
  return (
    <div>
      <h2 className="text-xs font-bold uppercase tracking-widest text-slate-400">{title}</h2>
      <ul className="mt-4 flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.label}>
            {'to' in item ? (
              <Link to={item.to} className={linkClass}>
                {item.label}
              </Link>
            ) : (
              <button type="button" className={linkClass} onClick={item.onClick}>
                {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const goToSection = useSectionNav();

  return (
    <footer className="border-t border-white/10 bg-ink-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-4 text-sm leading-relaxed text-slate-400">
            AI scam detection for the messages that make you pause. Paste it, check it, and know before you reply.
          </p>
          <div className="mt-6 flex gap-3">
            <a
              href={SOCIAL_LINKS.facebook}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="RedFlag on Facebook (opens in a new tab)"
              className="grid size-10 place-items-center rounded-full border border-white/15 text-slate-300 transition-colors hover:border-white/40 hover:text-white"
            >
              <FacebookIcon />
            </a>
            <a
              href={SOCIAL_LINKS.linkedin}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="RedFlag on LinkedIn (opens in a new tab)"
              className="grid size-10 place-items-center rounded-full border border-white/15 text-slate-300 transition-colors hover:border-white/40 hover:text-white"
            >
              <LinkedInIcon />
            </a>
          </div>
        </div>

        <Column
          title="Product"
          items={[
            { label: 'Features', onClick: () => goToSection('features', FOOTER_SCROLL_OFFSET) },
            { label: 'Pricing', onClick: () => goToSection('pricing', FOOTER_SCROLL_OFFSET) },
            { label: 'How it works', onClick: () => goToSection('how-it-works', FOOTER_SCROLL_OFFSET) },
            { label: 'Measured accuracy', onClick: () => goToSection('accuracy', FOOTER_SCROLL_OFFSET) },
          ]}
        />
        <Column
          title="Support"
          items={[
            { label: 'Help Center', to: '/help-center' },
            { label: 'Contact Us', onClick: openContactDialog },
          ]}
        />
        <Column
          title="Company"
          items={[
            { label: 'About Us', to: '/about' },
            { label: 'Privacy Policy', to: '/privacy-policy' },
            { label: 'Terms of Service', to: '/terms-of-service' },
          ]}
        />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {new Date().getFullYear()} RedFlag. All rights reserved.</p>
          <p>RedFlag gives an automated risk assessment, not legal or financial advice.</p>
        </div>
      </div>
    </footer>
  );
}
