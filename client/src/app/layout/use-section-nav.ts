import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HEADER_SCROLL_OFFSET, scrollToSection, scrollToSectionSoon } from '@/lib/scroll';

/**
 * Scrolls to a landing-page section. From another page it goes to / first and scrolls once the landing
 * page has rendered (product-spec.md section 2: navigate, then scroll after 100 ms).
 */
export function useSectionNav() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return useCallback(
    (id: string, offset: number = HEADER_SCROLL_OFFSET) => {
      if (pathname === '/') {
        scrollToSection(id, offset);
        return;
      }
      void navigate('/');
      scrollToSectionSoon(id, offset);
    },
    [navigate, pathname],
  );
}
