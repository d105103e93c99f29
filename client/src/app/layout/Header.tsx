import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { openAuthModal } from '@/lib/ui-store';
import { HEADER_SCROLL_OFFSET } from '@/lib/scroll';
import { cn } from '@/lib/utils';
import { useAuth } from '../auth';
import { Logo } from './logo';
import { useSectionNav } from './use-section-nav';

// The account menu (Radix dropdown) loads only for signed-in visitors.
const AccountMenu = lazy(() =>
  import('@/features/auth/components/AccountMenu').then((m) => ({ default: m.AccountMenu })),
);
// The trial / premium badge and its dialogs, likewise only for signed-in visitors.
const PlanHeaderBadge = lazy(() => import('./PlanHeaderBadge').then((m) => ({ default: m.PlanHeaderBadge })));

const signedInLink =
  'rounded-lg px-3 py-2 text-sm font-semibold text-slate-200 transition-colors hover:bg-white/10 hover:text-white';
const mobileItem = 'block w-full rounded-lg px-3 py-3 text-left text-base font-semibold hover:bg-white/10';

/** docs/product.md §9: the header shrinks once the page is scrolled more than 20px. */
export const HEADER_SHRINK_AT_PX = 20;
const DESKTOP_QUERY = '(min-width: 768px)';

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

export function Header() {
  const scrolled = useScrolledPast(HEADER_SHRINK_AT_PX);
  const goToSection = useSectionNav();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const authState = useAuth();
  const signOut = useSignOut();
  const user = authState.status === 'signed_in' ? authState.user : null;
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onResize = () => desktop.matches && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    desktop.addEventListener('change', onResize);
    return () => {
      window.removeEventListener('keydown', onKey);
      desktop.removeEventListener('change', onResize);
    };
  }, [menuOpen]);

  const section = (id: string) => () => {
    setMenuOpen(false);
    goToSection(id, HEADER_SCROLL_OFFSET);
  };
  const auth = (tab: 'signin' | 'signup') => () => {
    setMenuOpen(false);
    // The menu's Login is about to be hidden: the dialog gives focus back to the menu button instead.
    toggleRef.current?.focus();
    openAuthModal(tab);
  };

  const closeMenu = () => {
    setMenuOpen(false);
    toggleRef.current?.focus();
  };

  // The header is fixed above an 80px spacer that never changes height, so shrinking it does not move
  // the page under the reader (and in-page scroll targets stay where they were computed).
  return (
    <>
      <div aria-hidden="true" className="h-20 bg-ink-900" />
      {/*
        The open phone menu dims the page under it, and a tap outside the menu closes it
        (it opened over the page with nothing to tell the two apart). Below the header, which holds the menu;
        keyboards close it with Escape or the menu button, so the backdrop itself takes no focus.
      */}
      {menuOpen ? (
        <div
          data-testid="menu-backdrop"
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-ink-950/60 md:hidden"
          onClick={closeMenu}
        />
      ) : null}
      <header
        data-scrolled={scrolled}
        className={cn(
          'fixed inset-x-0 top-0 z-40 border-b text-white transition-[background-color,box-shadow,border-color] duration-300',
          scrolled
            ? 'border-white/10 bg-ink-900/95 shadow-lg shadow-black/20 backdrop-blur-md'
            : 'border-transparent bg-ink-900',
        )}
      >
        <div
          className={cn(
            'mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 transition-[height] duration-300 sm:px-6 lg:px-8',
            scrolled ? 'h-16' : 'h-20',
          )}
        >
          <Logo compact={scrolled} />

          {user ? (
            <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
              <Link to="/scan" className={signedInLink}>
                Scan
              </Link>
              <Link to="/dashboard" className={signedInLink}>
                Dashboard
              </Link>
              <span aria-hidden="true" className="mx-2 h-6 w-px bg-white/15" />
              <Suspense fallback={null}>
                <PlanHeaderBadge user={user} />
              </Suspense>
              <Suspense fallback={<span className="block h-10 w-28" />}>
                <AccountMenu user={user} />
              </Suspense>
            </nav>
          ) : (
            <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
              <Button variant="ghost-inverse" onClick={section('features')}>
                Features
              </Button>
              <Button variant="ghost-inverse" onClick={section('pricing')}>
                Pricing
              </Button>
              <span aria-hidden="true" className="mx-2 h-6 w-px bg-white/15" />
              <Button variant="ghost-inverse" onClick={auth('signin')}>
                Login
              </Button>
              <Button onClick={auth('signup')}>Sign Up</Button>
            </nav>
          )}

          <Button
            ref={toggleRef}
            variant="ghost-inverse"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-6!" /> : <Menu aria-hidden="true" className="size-6!" />}
          </Button>
        </div>

        <nav
          id={menuId}
          aria-label="Mobile"
          hidden={!menuOpen}
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-white/10 bg-ink-900 px-4 pb-6 pt-3 shadow-xl md:hidden"
        >
          {user ? (
            <ul className="flex flex-col gap-1">
              <li>
                <Link to="/scan" className={mobileItem} onClick={() => setMenuOpen(false)}>
                  Scan
                </Link>
              </li>
              <li>
                <Link to="/dashboard" className={mobileItem} onClick={() => setMenuOpen(false)}>
                  Dashboard
                </Link>
              </li>
              <li>
                <Link to="/account" className={mobileItem} onClick={() => setMenuOpen(false)}>
                  Account
                </Link>
              </li>
              {menuOpen ? (
                <li className="px-3 py-2">
                  <Suspense fallback={null}>
                    <PlanHeaderBadge user={user} />
                  </Suspense>
                </li>
              ) : null}
              <li>
                <button
                  type="button"
                  className={mobileItem}
                  onClick={() => {
                    setMenuOpen(false);
                    void signOut();
                  }}
                >
                  Logout
                </button>
              </li>
            </ul>
          ) : (
            <>
              <ul className="flex flex-col gap-1">
                <li>
                  <button
                    type="button"
                    onClick={section('features')}
                    className="w-full rounded-lg px-3 py-3 text-left text-base font-semibold hover:bg-white/10"
                  >
                    Features
                  </button>
                </li>
                <li>
                  <button
                    type="button"
                    onClick={section('pricing')}
                    className="w-full rounded-lg px-3 py-3 text-left text-base font-semibold hover:bg-white/10"
                  >
                    Pricing
                  </button>
                </li>
              </ul>
              <div className="mt-4 grid grid-cols-2 gap-3">
                <Button variant="outline-inverse" size="lg" onClick={auth('signin')}>
                  Login
                </Button>
                <Button size="lg" onClick={auth('signup')}>
                  Sign Up
                </Button>
              </div>
            </>
          )}
        </nav>
      </header>
    </>
  );
}
