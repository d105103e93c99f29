import { PRODUCT_PATH } from '@redflag/contracts/routes';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HEADER_SCROLL_OFFSET, scrollToSection, scrollToSectionSoon } from '@/lib/scroll';
import { useAuth } from '../auth';

/**
 * Scrolls to a landing-page section. From another page it goes to / first and scrolls once the landing
 * page has rendered (docs/product.md §2: navigate, then scroll after 100 ms). Signed in, / is the
 * scan page: the sections are on /product instead.
 */
export function useSectionNav() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedIn = useAuth().status === 'signed_in';

  return useCallback(
    (id: string, offset: number = HEADER_SCROLL_OFFSET) => {
      // The landing page while signed out; the product page shows the same sections to everyone.
      const sectionsHere = pathname === PRODUCT_PATH || (pathname === '/' && !signedIn);
      if (sectionsHere && scrollToSection(id, offset)) return;
      void navigate(signedIn ? PRODUCT_PATH : '/');
      scrollToSectionSoon(id, offset);
    },
    [navigate, pathname, signedIn],
  );
}
