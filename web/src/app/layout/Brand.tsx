import { Link } from 'react-router';
import { useSite } from '../../lib/site.ts';

export function Brand({ to = '/home' }: { to?: string }) {
  const title = useSite((s) => s.title);
  const logoUrl = useSite((s) => s.logoUrl);
  return (
    <Link to={to} className="brand">
      {logoUrl ? (
        <img src={logoUrl} alt="" className="brand-logo" />
      ) : (
        <span className="brand-mark" aria-hidden="true" />
      )}
      <span className="brand-title">{title}</span>
    </Link>
  );
}
