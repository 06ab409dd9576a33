import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The id of the section a link to this page names (/faq#who-can-apply: "who-can-apply"; '' for
 * none). Once the page shows that section, `onArrive` is called with it, after the layout has
 * focused the page heading on arrival; `onArrive` is to be the same function from render to
 * render (a module's own).
 */
export function useLinkedSection(onArrive: (target: HTMLElement) => void): string {
  const { hash } = useLocation();
  const linkedId = decodeURIComponent(hash.slice(1));
  useEffect(() => {
    if (linkedId === '') return;
    const timer = setTimeout(() => {
      const target = document.getElementById(linkedId);
      if (target !== null) onArrive(target);
    });
    return () => clearTimeout(timer);
  }, [linkedId, onArrive]);
  return linkedId;
}
