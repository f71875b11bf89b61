import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/site.ts';

interface PageProps {
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A content page: its heading, the tab title '{title} | {site}', and its body. */
export function Page({ title, actions, children, className }: PageProps) {
  usePageTitle(title);
  return (
    <section className={`page ${className ?? ''}`}>
      <header className="page-head">
        <h1>{title}</h1>
        {actions && <div className="page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
