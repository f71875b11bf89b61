import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the section a link's #anchor names (/terms#trading, /rules#receipt). */
export function useHashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
}
