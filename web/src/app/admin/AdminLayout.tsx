import type { AdminBadges } from '@app/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useIsMobile } from '../../lib/media.ts';
import { isSuperadmin, useSession } from '../../lib/session/index.ts';
import { Brand } from '../layout/Brand.tsx';
import { LanguageButton } from '../layout/Header.tsx';
import { useAdminBadges } from './badges/index.ts';
import { ADMIN_NAV, type AdminNavItem, SUPER_NAV } from './nav.ts';

/**
 * A pending count next to a sidebar link, read out as "N pending". At zero it stays in the
 * page, hidden, so its count is always readable (`badge-{path}` holds just the number).
 */
function NavBadge({ path, badge }: { path: string; badge: keyof AdminBadges }) {
  const { t } = useTranslation();
  const count = useAdminBadges().data?.[badge];
  if (count === undefined) return null;
  // The space keeps the link's name "Withdrawals 3 pending" rather than "Withdrawals3 pending".
  return (
    <>
      {' '}
      <span className="side-badge" data-testid={`badge-${path}`} aria-hidden="true" hidden={count <= 0}>
        {count}
      </span>
      {count > 0 && <span className="sr-only">{t('adminWallet.badge', { count })}</span>}
    </>
  );
}

function NavGroup({ items }: { items: AdminNavItem[] }) {
  const { t } = useTranslation();
  return (
    <ul className="side-list">
      {items.map((item) => (
        <li key={item.path}>
          <NavLink to={`/app-panel/${item.path}`} end={item.path === 'super'}>
            {t(`admin.nav.${item.key}`)}
            {item.badge && <NavBadge path={item.path} badge={item.badge} />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Sidebar on wide screens, a drawer below 1024 px (Escape or a new page closes it). */
export function AdminLayout() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState(false);

  useEffect(() => setDrawer(false), [pathname]);
  useEffect(() => {
    if (!drawer) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawer(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  const sidebar = (
    <nav className="admin-side" aria-label={t('admin.sidebar')}>
      <NavGroup items={ADMIN_NAV} />
      {isSuperadmin(user) && (
        <>
          <h2 className="side-group">{t('admin.superGroup')}</h2>
          <NavGroup items={SUPER_NAV} />
        </>
      )}
    </nav>
  );

  return (
    <div className={`admin-shell ${mobile ? 'is-mobile' : ''}`}>
      <header className="admin-top">
        {mobile && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-expanded={drawer}
            aria-controls="admin-drawer"
            onClick={() => setDrawer((d) => !d)}
          >
            {t('admin.menu')}
          </button>
        )}
        <Brand to="/app-panel/dashboard" />
        <span className="admin-tag">{t('admin.panel')}</span>
        <div className="header-actions">
          <LanguageButton />
          <span className="muted small admin-user">{user?.username}</span>
          <Link to="/home" className="btn btn-ghost btn-sm">
            {t('common.backToSite')}
          </Link>
        </div>
      </header>
      <div className="admin-body">
        {!mobile && sidebar}
        {mobile && drawer && (
          // biome-ignore lint/a11y/noStaticElementInteractions: clicking the backdrop is a pointer shortcut; Escape closes it from the keyboard
          <div
            className="drawer-backdrop"
            onMouseDown={(event) => {
              if (event.target === event.currentTarget) setDrawer(false);
            }}
          >
            <div className="drawer" id="admin-drawer" role="dialog" aria-label={t('admin.menu')}>
              <button
                type="button"
                className="btn btn-ghost btn-sm drawer-close"
                onClick={() => setDrawer(false)}
              >
                {t('admin.closeMenu')}
              </button>
              {sidebar}
            </div>
          </div>
        )}
        <main className="admin-main" id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
