import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page.tsx';
import { type Announcement, useAnnouncements } from '../api/get-announcements.ts';

export function AnnouncementsPage() {
  const { t, i18n } = useTranslation();
  const { data, loading } = useAnnouncements();
  // When the call fails or returns nothing, two built-in announcements stand in.
  const samples: Announcement[] = [
    {
      id: 'sample-1',
      title: t('announcements.sample1Title'),
      body: t('announcements.sample1Body'),
      time: null,
    },
    {
      id: 'sample-2',
      title: t('announcements.sample2Title'),
      body: t('announcements.sample2Body'),
      time: null,
    },
  ];
  const list = data && data.length > 0 ? data : samples;
  return (
    <Page title={t('announcements.title')}>
      {loading ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="stack">
          {list.map((a) => (
            <article key={a.id} className="card announcement">
              <h2>{a.title}</h2>
              {a.time && (
                <time className="muted small" dateTime={a.time}>
                  {new Date(a.time).toLocaleString(i18n.language)}
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
