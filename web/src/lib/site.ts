import { DEFAULT_SITE_TITLE, publicSiteResponseSchema } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { api } from './api.ts';
import { infoKeys } from './query/index.ts';
import { STORAGE_KEYS, storage } from './storage.ts';

export interface SiteBrand {
  title: string;
  logoUrl: string;
  faviconUrl: string;
}

const DEFAULT_BRAND: SiteBrand = { title: DEFAULT_SITE_TITLE, logoUrl: '', faviconUrl: '' };

function readCache(): SiteBrand {
  const raw = storage.get(STORAGE_KEYS.site);
  if (!raw) return DEFAULT_BRAND;
  try {
    const parsed = JSON.parse(raw) as Partial<SiteBrand>;
    return {
      title: typeof parsed.title === 'string' && parsed.title ? parsed.title : DEFAULT_BRAND.title,
      logoUrl: typeof parsed.logoUrl === 'string' ? parsed.logoUrl : '',
      faviconUrl: typeof parsed.faviconUrl === 'string' ? parsed.faviconUrl : '',
    };
  } catch {
    return DEFAULT_BRAND;
  }
}

interface SiteState extends SiteBrand {
  setBrand: (brand: Partial<SiteBrand>) => void;
}

/** Site title, logo and favicon: cached in localStorage so the first paint shows them. */
export const useSite = create<SiteState>()((set, get) => ({
  ...readCache(),
  setBrand: (brand) => {
    const next: SiteBrand = {
      title: brand.title?.trim() || get().title,
      logoUrl: brand.logoUrl ?? get().logoUrl,
      faviconUrl: brand.faviconUrl ?? get().faviconUrl,
    };
    storage.set(STORAGE_KEYS.site, JSON.stringify(next));
    set(next);
  },
}));

function applyFavicon(url: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  const href = url || '/favicon.svg';
  if (link.getAttribute('href') !== href) {
    link.removeAttribute('type');
    link.href = href;
  }
}

/** GET /api/site: the public brand. */
export function getSite(signal?: AbortSignal) {
  return api('/api/site', publicSiteResponseSchema, { signal });
}

/** Loads GET /api/site and keeps the brand store (and the tab icon) in step with it. */
export function useSiteLoader(): void {
  const faviconUrl = useSite((s) => s.faviconUrl);
  useEffect(() => applyFavicon(faviconUrl), [faviconUrl]);
  // On failure the cached brand stays.
  const { data } = useQuery({ queryKey: infoKeys.site(), queryFn: ({ signal }) => getSite(signal) });
  useEffect(() => {
    if (!data) return;
    const { settings } = data;
    useSite.getState().setBrand({
      title: settings.title,
      logoUrl: settings.logoUrl,
      faviconUrl: settings.faviconUrl,
    });
  }, [data]);
}

/** document.title = '{page} | {site title}' (just the site title without a page). */
export function usePageTitle(page?: string): void {
  const title = useSite((s) => s.title);
  useEffect(() => {
    document.title = page ? `${page} | ${title}` : title;
  }, [page, title]);
}
