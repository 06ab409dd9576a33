import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BANNERS_MAX_IN_LAYOUT } from '@pledge/domain';
import { APP_CONTEXT } from '../../../telemetry/app-context.js';
import { Alert } from '../../../ui/alert/alert.js';
import { bannersQuery } from '../api/banners-query.js';
import { readBannerDismissals, rememberBannerDismissal } from '../banner-dismissals.js';
import { bannersToShow } from '../banner-rules.js';

interface TBannerAreaProps {
  /** How many banners this place shows at most. */
  max?: number;
}

/** The top banner area (document 2 §2): the newest active banners not dismissed. */
export function BannerArea({ max = BANNERS_MAX_IN_LAYOUT }: TBannerAreaProps) {
  const { data: banners = [] } = useQuery(bannersQuery);
  const [dismissals, setDismissals] = useState(readBannerDismissals);
  const shown = bannersToShow(banners, { app: APP_CONTEXT, dismissals, max });
  if (shown.length === 0) return null;

  function onDismiss(uuid: string) {
    setDismissals(
      rememberBannerDismissal(
        uuid,
        banners.map((banner) => banner.uuid),
      ),
    );
    // The button goes away with its banner; the reader continues at the page's heading.
    document.querySelector<HTMLElement>('main h1')?.focus();
  }

  return (
    <section className="banner-area" aria-label="Announcements">
      {shown.map((banner) => (
        <Alert
          key={banner.uuid}
          className="banner"
          variant={banner.variant}
          dismissLabel="Dismiss announcement"
          {...(banner.dismissable ? { onDismiss: () => onDismiss(banner.uuid) } : {})}
        >
          {banner.message}
        </Alert>
      ))}
    </section>
  );
}
