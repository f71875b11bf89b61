import type { Announcement } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page.tsx';
import { useAnnouncements } from '../api/get-announcements.ts';

export function AnnouncementsPage() {
  const { t, i18n } = useTranslation();
  const { data, isPending } = useAnnouncements();
  // When the call fails or returns nothing, two built-in announcements stand in.
  const samples: Announcement[] = [
    {
      id: 'sample-1',
      title: t('announcements.sample1Title'),
      body: t('announcements.sample1Body'),
      createdAt: null,
    },
    {
      id: 'sample-2',
      title: t('announcements.sample2Title'),
      body: t('announcements.sample2Body'),
      createdAt: null,
    },
  ];
  const list = data && data.length > 0 ? data : samples;
  return (
    <Page title={t('announcements.title')}>
      {isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="stack">
          {list.map((a) => (
            <article key={a.id} className="card announcement">
              <h2>{a.title}</h2>
              {a.createdAt && (
                <time className="muted small" dateTime={a.createdAt}>
                  {new Date(a.createdAt).toLocaleString(i18n.language)}
                </time>
              )}
              <p>{a.body}</p>
            </article>
          ))}
        </div>
      )}
    </Page>
  );
}
