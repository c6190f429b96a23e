// True once an element comes within `margin` of the viewport, and from then on. The covers are drawn from
// detailed SVG artwork whose painting is costly, so they are only put on the page as the shopper nears them;
// the browser's own lazy loading starts far earlier than that.
import { useEffect, useRef, useState, type RefObject } from 'react';

export function useNearViewport<T extends Element>(margin = '300px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin, near]);
  return [ref, near];
}
