import type { Db, SiteSettingsRow } from '@app/db';
import {
  DEFAULT_CURRENCY,
  DEFAULT_SITE_TITLE,
  MSG,
  type SiteSettings,
  type SiteSettingsUpdateBody,
} from '@app/shared';
import type { RequestMeta } from '../../lib/request.ts';
import type { SharedValue } from '../../plugins/cache-bus.ts';
import { audit, auditContext } from '../audit/audit.ts';
import { findSettings, saveSettings } from './site.repository.ts';

export function toSiteSettings(row: SiteSettingsRow | undefined): SiteSettings {
  if (!row)
    return {
      title: DEFAULT_SITE_TITLE,
      currency: DEFAULT_CURRENCY,
      logoUrl: '',
      faviconUrl: '',
      updatedAt: null,
    };
  return {
    title: row.title,
    currency: row.currency,
    logoUrl: row.logoUrl,
    faviconUrl: row.faviconUrl,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** `cache` is the gateway's copy (site.plugin.ts): reads come from it, a save drops it everywhere. */
export function createSiteService({ db, cache }: { db: Db; cache: SharedValue<SiteSettings> }) {
  return {
    async get(): Promise<{ settings: SiteSettings }> {
      return { settings: await cache.get() };
    },

    async update(
      body: SiteSettingsUpdateBody,
      meta: RequestMeta,
    ): Promise<{ settings: SiteSettings; message: string }> {
      const saved = await db.transaction(async (tx) => {
        const before = await findSettings(tx, true);
        const settings = toSiteSettings(await saveSettings(tx, { ...body, updatedBy: meta.actor.id }));
        await audit(tx, {
          ...auditContext(meta),
          action: 'site.update',
          targetType: 'site_settings',
          targetId: '1',
          before: before ? toSiteSettings(before) : null,
          after: settings,
        });
        return { settings, message: MSG.settingsSaved };
      });
      cache.changed();
      return saved;
    },
  };
}
